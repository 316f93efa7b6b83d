import { describe, expect, it } from 'vitest';
import { inboxFiltersOf, searchTooShort, withParam } from './inbox-logic.ts';

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
