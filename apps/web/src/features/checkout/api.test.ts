import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { myTicketsQueryKey } from '../../queries/member.ts';
import { invalidatePurchase } from './api.ts';

vi.mock('../../lib/i18n.ts', () => ({ currentLanguage: () => 'en', useCurrentLanguage: () => 'en' }));

/** A client that has seen two tickets' pages, the buyer's tickets and the categories. */
function clientWithAnswers() {
  const client = new QueryClient();
  for (const key of [
    ['ticket', 7, 'info', 'it'],
    ['ticket', 7, 'calendar', 'today', 90],
    ['ticket', 8, 'calendar', 'today', 90],
    [...myTicketsQueryKey, 'it', 'all', 1],
    ['categories', 'it'],
  ]) {
    client.setQueryData(key, {});
  }
  return client;
}

const isStale = (client: QueryClient, key: unknown[]) => client.getQueryState(key)?.isInvalidated;

describe('a purchase', () => {
  it("marks the buyer's tickets and the bought ticket's places as changed", () => {
    const client = clientWithAnswers();
    invalidatePurchase(client, 7);
    expect(isStale(client, [...myTicketsQueryKey, 'it', 'all', 1])).toBe(true);
    expect(isStale(client, ['ticket', 7, 'info', 'it'])).toBe(true);
    expect(isStale(client, ['ticket', 7, 'calendar', 'today', 90])).toBe(true);
  });

  it("leaves other tickets' places and the reference lists alone", () => {
    const client = clientWithAnswers();
    invalidatePurchase(client, 7);
    expect(isStale(client, ['ticket', 8, 'calendar', 'today', 90])).toBe(false);
    expect(isStale(client, ['categories', 'it'])).toBe(false);
  });
});
