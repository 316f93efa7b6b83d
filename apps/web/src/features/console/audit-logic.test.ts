import { describe, expect, it } from 'vitest';
import { auditChanges, auditFilterFrom, auditValue } from './audit-logic.ts';

describe("an audit line's changes", () => {
  it('read as before and after per field, nothing as a dash', () => {
    expect(
      auditChanges({ role: [null, 'ranger'], area_ids: [[3, 4], null], disabled_at: ['2026-06-01', null] }),
    ).toEqual([
      { field: 'role', before: '–', after: 'ranger' },
      { field: 'area_ids', before: '3, 4', after: '–' },
      { field: 'disabled_at', before: '2026-06-01', after: '–' },
    ]);
    expect(auditValue({ a: 1 })).toBe('{"a":1}');
    expect(auditValue(false)).toBe('false');
  });
});

describe("the audit screen's filters", () => {
  it('keep only the filled ones from the address', () => {
    expect(auditFilterFrom(new URLSearchParams('person=anna&action=&from=2026-06-01&page=2'))).toEqual({
      person: 'anna',
      from: '2026-06-01',
    });
  });
});
