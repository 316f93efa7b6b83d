/*
 * The bounds of a member's markers and imported files, in a module of their own (no zod): the
 * import threads (apps/api finds/import-worker.ts) load only these, and start in half the time.
 */

/** An imported file: a GPX of a few thousand waypoints is well under this. */
export const MAX_IMPORT_BYTES = 1024 * 1024;
export const MAX_IMPORT_FINDS = 2_000;
export const MAX_NOTES_LENGTH = 2_000;
/** A name read from an imported file: a species name, or the member's own short label. */
export const MAX_IMPORT_NAME_LENGTH = 200;
