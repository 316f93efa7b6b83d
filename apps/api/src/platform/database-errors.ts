import { DatabaseUnreachableError } from '@sentiero/db/client';
import { DrizzleQueryError } from 'drizzle-orm';

/**
 * SQLSTATEs that say the connection, not the request, failed: class 08 (connection exception),
 * 57P01–57P03 (the backend was terminated, the server crashed or is starting or stopping), 53300
 * (no connection slot left). Another try a moment later, on a new connection, may well succeed.
 */
const CONNECTION_SQLSTATE = /^(08[0-9A-Z]{3}|57P0[123]|53300)$/;

/**
 * Node's socket errors, counted only under a query that failed (drizzle's `DrizzleQueryError`):
 * the same codes from a payment provider's API are not the database's.
 */
const SOCKET_ERRORS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
]);

/**
 * What node-postgres and pg-pool say when the socket went away without an SQLSTATE: the server
 * closed it mid-query, a query was sent on a client that had already lost it, or no connection
 * could be had in time.
 */
const CONNECTION_MESSAGES = [
  'Connection terminated',
  'Client has encountered a connection error and is not queryable',
  'timeout exceeded when trying to connect',
];

/**
 * True when a request failed because the database could not be reached or dropped its
 * connection: the API answers 503 (the process itself is fine and the pool makes new
 * connections), not 500. Drizzle wraps driver errors (`DrizzleQueryError`), so the causes are
 * followed.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  let underQuery = false;
  for (let cause = error, depth = 0; cause instanceof Error && depth < 5; depth++) {
    if (cause instanceof DatabaseUnreachableError) return true;
    const code = (cause as { code?: unknown }).code;
    if (typeof code === 'string' && CONNECTION_SQLSTATE.test(code)) return true;
    if (underQuery && typeof code === 'string' && SOCKET_ERRORS.has(code)) return true;
    if (CONNECTION_MESSAGES.some((message) => cause instanceof Error && cause.message.startsWith(message))) {
      return true;
    }
    underQuery ||= cause instanceof DrizzleQueryError;
    cause = cause.cause;
  }
  return false;
}

/**
 * PostgreSQL's unique_violation: another request wrote the same key between our check and our
 * write (an email taken at the same moment, a purchase sent twice).
 */
export function isUniqueViolation(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string } })?.cause ?? error;
  return (cause as { code?: string })?.code === '23505';
}
