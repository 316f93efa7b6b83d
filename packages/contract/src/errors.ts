import { z } from 'zod';

/**
 * Every error the API answers with has a code; the message is the SPEC text for that code,
 * translated into the request's language (the `errors` locale namespace of the web app).
 */
export const ERROR_CODES = [
  'VALIDATION_FAILED',
  'NOT_FOUND',
  'NO_DATA',
  'RATE_LIMITED',
  'FORBIDDEN_ORIGIN',
  'UNSUPPORTED_MEDIA_TYPE',
  'PAYLOAD_TOO_LARGE',
  'SERVICE_UNAVAILABLE',
  'INTERNAL',
  'INCORRECT_LOGIN',
  'UNAUTHENTICATED',
  'EMAIL_TAKEN',
  'PASSWORDS_ERROR',
  'INVALID_PASSWORD',
  'TOKEN_INVALID',
  'INVALID_CODE',
  'NOT_CONFIGURED',
  'LOGIN_FAILED',
  'TICKET_UNAVAILABLE',
  'PAYMENT_DECLINED',
  'PAYMENT_METHOD_UNAVAILABLE',
  'REDEEM_UNAVAILABLE',
  'TICKET_NOT_VALID_TODAY',
  'TICKET_USED_UP',
  'TICKET_CANCELLED',
  'TICKET_CODE_INVALID',
  'TICKET_EXPIRED',
  'CASH_PLACES_LIMIT',
  'CASH_ORDERS_LIMIT',
  'FORBIDDEN',
  'COUPON_INVALID',
  'PREMIUM_REQUIRED',
  'MANAGED_BY_STORE',
  'ALREADY_SUBSCRIBED',
  'NOT_ALLOWED_NOW',
  'IDEMPOTENCY_KEY_REUSED',
  'IMPORT_INVALID',
  'STORAGE_LIMIT',
  'PHOTO_LIMIT',
  'ORDER_NOT_REFUNDABLE',
  'REFUND_ALREADY_REQUESTED',
  'REFUND_REFUSED',
  'ORDER_NOT_PAYABLE_ON_SITE',
  'TICKETS_NOT_ISSUED',
  'THREAD_CLOSED',
  'MAIL_NOT_SENT',
  'INVITATION_EXPIRED',
  'INVITATION_USED',
  'STAFF_EMAIL_TAKEN',
  'TWO_FACTOR_ENROLLED',
  'TWO_FACTOR_PENDING',
  'REAUTHENTICATION_REQUIRED',
  'LAST_OWNER',
  'ISSUE_ALREADY_SENT',
  'ISSUE_NOT_SENDING',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const ZApiError = z
  .object({
    message: z.string(),
    code: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  })
  .meta({ id: 'ApiError' });
export type ApiError = z.infer<typeof ZApiError>;
