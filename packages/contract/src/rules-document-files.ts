import { ROUTES } from './routes.ts';

/*
 * Operators' rules documents (PDF) of tickets and areas (issue 23): where each is read. No zod
 * here, so the web's bundle can import it (ADR 004).
 */

/** A rules document is a few pages of text, maybe a map: larger is a scan to shrink first. */
export const MAX_RULES_DOCUMENT_BYTES = 10 * 1024 * 1024;

/**
 * The URL of a ticket's or an area's document at a version (a hash of the file): it names one
 * file for good, so browsers keep it without asking again.
 */
export function rulesDocumentUrl(
  subject: { ticketId: number } | { areaId: number },
  version: string,
): string {
  const which = 'ticketId' in subject ? `ticket_id=${subject.ticketId}` : `area_id=${subject.areaId}`;
  return `/api${ROUTES.catalogueRulesDocument.path}?${which}&v=${version}`;
}
