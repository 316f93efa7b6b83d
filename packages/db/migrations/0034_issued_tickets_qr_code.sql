-- The compact signed code (ADR 044) a ticket's QR shows; tickets issued before it keep their first-format code.
ALTER TABLE "issued_tickets" ADD COLUMN "qr_code" text;
