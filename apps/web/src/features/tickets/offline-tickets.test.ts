import { describe, expect, it } from 'vitest';
import { ApiRequestError, isNetworkFailure } from '../../lib/api-error.ts';
import { issuedTicket, member } from '../../test/fixtures.ts';
import {
  findSavedTickets,
  SAVED_TICKETS_VERSION,
  savedTicketsKey,
  saveTickets,
  type TicketListPage,
} from './offline-tickets.ts';

/** A Storage as the browser gives it, with an optional quota to overflow. */
function memoryStorage(quota = Number.POSITIVE_INFINITY): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => items.delete(key),
    setItem: (key, value) => {
      if (value.length > quota) throw new DOMException('full', 'QuotaExceededError');
      items.set(key, value);
    },
  };
}

const giulia = member(7, 'Giulia');

const list: TicketListPage = {
  purchase_list: [
    { date_purchase: '2026-08-01', tickets: [issuedTicket('MUSHROOM1', 1), issuedTicket('FISHING01', 2)] },
    { date_purchase: '2026-07-01', tickets: [issuedTicket('FISHING02', 2)] },
  ],
  page: 1,
  pages: 1,
  total: 3,
};

describe('tickets saved on the phone', () => {
  it('gives back the last list a member saw, only to that member', () => {
    const storage = memoryStorage();
    saveTickets(storage, giulia, 1, list, new Date('2026-08-02T10:00:00Z'));
    expect(findSavedTickets(storage, 7, 1)).toEqual({ ...list, savedAt: '2026-08-02T10:00:00.000Z' });
    expect(findSavedTickets(storage, 8, 1)).toBeNull();
    expect(findSavedTickets(storage, 7, 2)).toBeNull();
  });

  it('applies a category filter to the saved list, dropping purchases left empty', () => {
    const storage = memoryStorage();
    saveTickets(storage, giulia, 1, list);
    const mushrooms = findSavedTickets(storage, 7, 1, 1);
    expect(mushrooms?.purchase_list).toEqual([
      { date_purchase: '2026-08-01', tickets: [issuedTicket('MUSHROOM1', 1)] },
    ]);
    expect(findSavedTickets(storage, 7, 1, 2)?.purchase_list.map((p) => p.date_purchase)).toEqual([
      '2026-08-01',
      '2026-07-01',
    ]);
  });

  it('replaces an older page and keeps the others', () => {
    const storage = memoryStorage();
    saveTickets(storage, giulia, 1, list);
    saveTickets(storage, giulia, 2, { ...list, page: 2 });
    saveTickets(storage, giulia, 1, { ...list, total: 4 });
    expect(findSavedTickets(storage, 7, 1)?.total).toBe(4);
    expect(findSavedTickets(storage, 7, 2)?.page).toBe(2);
  });

  it('ignores a copy of another version or that is not JSON', () => {
    const storage = memoryStorage();
    storage.setItem(
      savedTicketsKey(7),
      JSON.stringify({ version: SAVED_TICKETS_VERSION + 1, pages: { 1: list } }),
    );
    expect(findSavedTickets(storage, 7, 1)).toBeNull();
    storage.setItem(savedTicketsKey(7), '{not json');
    expect(findSavedTickets(storage, 7, 1)).toBeNull();
  });

  it('does not fail when the phone storage is full', () => {
    const storage = memoryStorage(10);
    expect(() => saveTickets(storage, giulia, 1, list)).not.toThrow();
    expect(findSavedTickets(storage, 7, 1)).toBeNull();
  });
});

describe('telling no network from a server answer', () => {
  it('treats a failed fetch as no network and an API error as an answer', () => {
    expect(isNetworkFailure(new TypeError('Failed to fetch'))).toBe(true);
    expect(isNetworkFailure(new ApiRequestError(401, 'Unauthorized', 'UNAUTHORIZED'))).toBe(false);
    expect(isNetworkFailure(new ApiRequestError(500, 'Server error', 'HTTP'))).toBe(false);
  });
});
