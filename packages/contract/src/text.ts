/** A UTF-16 surrogate without its other half. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Text that can be stored and shown as it was sent. PostgreSQL refuses a NUL byte in text, and a
 * lone surrogate has no UTF-8 form: the drivers would store U+FFFD instead of what was typed.
 * The server applies this rule to every string and key of every request before any route runs
 * (`apps/api/src/platform/request-input.ts`), so no endpoint needs a rule of its own.
 */
export function isStorableText(text: string): boolean {
  return !text.includes('\u0000') && !LONE_SURROGATE.test(text);
}

/**
 * The path of the first string or key in a decoded request (body, query, params) that is not
 * storable, `''` for the value itself, or null when all of it is.
 */
export function findUnstorableText(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return isStorableText(value) ? null : path;
  if (value === null || typeof value !== 'object' || value instanceof Uint8Array) return null;
  for (const [key, item] of Object.entries(value)) {
    const itemPath = path ? `${path}.${key}` : key;
    if (!isStorableText(key)) return itemPath;
    const found = findUnstorableText(item, itemPath);
    if (found !== null) return found;
  }
  return null;
}
