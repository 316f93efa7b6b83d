/*
 * How an audit line's changes read: `{ field: [before, after] }` as one readable line per field.
 */

/** A value of a change as text: nothing as a dash, lists and objects compactly. */
export function auditValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '–';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return value.length === 0 ? '–' : value.map(auditValue).join(', ');
  return JSON.stringify(value);
}

export type AuditChange = { field: string; before: string; after: string };

/** Each changed field with its before and after as text, in the order they were written. */
export function auditChanges(changes: Record<string, readonly [unknown, unknown]>): AuditChange[] {
  return Object.entries(changes).map(([field, [before, after]]) => ({
    field,
    before: auditValue(before),
    after: auditValue(after),
  }));
}

/** The filters the screen keeps in its address, as the API takes them (empty ones left out). */
export const AUDIT_FILTERS = ['person', 'action', 'target_type', 'target_id', 'from', 'to'] as const;
export type AuditFilterName = (typeof AUDIT_FILTERS)[number];

export function auditFilterFrom(searchParams: URLSearchParams): Partial<Record<AuditFilterName, string>> {
  const filter: Partial<Record<AuditFilterName, string>> = {};
  for (const name of AUDIT_FILTERS) {
    const value = searchParams.get(name)?.trim();
    if (value) filter[name] = value;
  }
  return filter;
}
