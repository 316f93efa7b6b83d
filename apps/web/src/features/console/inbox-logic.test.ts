import { describe, expect, it } from 'vitest';
import { inboxFiltersOf, searchTooShort, threadEntries, withParam } from './inbox-logic.ts';

describe("the inbox's filters in the address", () => {
  it('reads what the API takes and leaves out what it would refuse', () => {
    expect(inboxFiltersOf(new URLSearchParams('kind=contact&state=new&assignee=me&q=%20cane%20'))).toEqual({
      kind: 'contact',
      state: 'new',
      assignee: 'me',
      q: 'cane',
    });
    expect(inboxFiltersOf(new URLSearchParams('kind=spam&state=open&assignee=-3&q=ab'))).toEqual({
      kind: undefined,
      state: undefined,
      assignee: undefined,
      q: undefined,
    });
    expect(inboxFiltersOf(new URLSearchParams('assignee=12')).assignee).toBe(12);
  });

  it('starts the list again at its first page when a filter changes, not when a thread opens', () => {
    const params = new URLSearchParams('state=new&page=3');
    expect(withParam(params, 'kind', 'contact')).toBe('?state=new&kind=contact');
    expect(withParam(params, 'thread', 9)).toBe('?state=new&page=3&thread=9');
    expect(withParam(params, 'state', null)).toBe('?');
  });

  it('calls a search of one or two letters too short, and an empty one nothing', () => {
    expect(searchTooShort('ab')).toBe(true);
    expect(searchTooShort(' abc ')).toBe(false);
    expect(searchTooShort('')).toBe(false);
  });
});

describe("a thread's conversation", () => {
  it('puts the answers by mail between the replies in the order they came', () => {
    const replies = [
      { id: 1, sent_at: '2026-09-12T08:30:00.000Z' },
      { id: 2, sent_at: '2026-09-13T09:00:00.000Z' },
    ];
    const mails = [
      { id: 7, received_at: '2026-09-14T07:00:00.000Z' },
      { id: 5, received_at: '2026-09-12T18:45:00.000Z' },
    ];
    expect(threadEntries(replies, mails).map((entry) => `${entry.kind}@${entry.at.slice(8, 10)}`)).toEqual([
      'reply@12',
      'mail@12',
      'reply@13',
      'mail@14',
    ]);
    const sameInstant = threadEntries(
      [{ sent_at: '2026-09-12T08:30:00.000Z' }],
      [{ received_at: '2026-09-12T08:30:00.000Z' }],
    );
    expect(sameInstant.map((entry) => entry.kind)).toEqual(['reply', 'mail']);
  });
});
