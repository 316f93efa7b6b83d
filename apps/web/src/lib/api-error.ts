/** A failed call: `message` is meant for people (the server's translated text, or the status text). */
export class ApiRequestError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: Record<string, string>;

  constructor(status: number, message: string, code: string, fields: Record<string, string> = {}) {
    super(message);
    this.name = 'ApiRequestError';
    this.status = status;
    this.code = code;
    this.fields = fields;
  }
}

/** A fetch that never reached the server (no network), as opposed to an answer it gave. */
export function isNetworkFailure(error: unknown): boolean {
  if (error instanceof ApiRequestError) return false;
  return error instanceof TypeError || (typeof navigator !== 'undefined' && navigator.onLine === false);
}
