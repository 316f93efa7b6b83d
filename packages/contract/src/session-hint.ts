/**
 * A cookie the browser's scripts may read, set beside the HttpOnly session cookie with the same
 * path and lifetime and cleared with it: it tells the web app that asking the server for the
 * member (`app/user/info`) is worth a request. It holds nothing secret and opens nothing: a
 * visitor's page never asks, so it never logs a refused request. Without zod, for the app's first
 * script.
 */
export const SIGNED_IN_COOKIE = 'sentiero_signed_in';
