import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { member } from '../test/fixtures.ts';
import { MemoryStorage } from '../test/memory-storage.ts';

let auth: typeof import('../lib/auth-store.ts');
let queries: typeof import('./member.ts');

const giulia = member(1, 'Giulia');
const marco = member(2, 'Marco');

const giuliasTickets = { purchase_list: [{ date_purchase: '2026-05-01', tickets: [] }] };

beforeAll(async () => {
  vi.stubGlobal('sessionStorage', new MemoryStorage());
  auth = await import('../lib/auth-store.ts');
  queries = await import('./member.ts');
});

let stop = () => {};
afterEach(() => {
  stop();
  auth.useAuthStore.getState().clearUser();
});

/** A client holding Giulia's tickets and the public category list, with Giulia signed in. */
function signedInClient() {
  const client = new QueryClient();
  auth.useAuthStore.getState().setUser(giulia);
  stop = queries.forgetMemberQueriesOnSignOut(client);
  client.setQueryData([...queries.myTicketsQueryKey, 'it', 'all', 1], giuliasTickets);
  client.setQueryData(['categories', 'it'], { category_list: [] });
  return client;
}

const ticketsOf = (client: QueryClient) =>
  client.getQueryData([...queries.myTicketsQueryKey, 'it', 'all', 1]);

describe("the member's queries", () => {
  it('are dropped when the member logs out, and public answers stay', () => {
    const client = signedInClient();
    auth.useAuthStore.getState().logout();
    expect(ticketsOf(client)).toBeUndefined();
    expect(client.getQueryData(['categories', 'it'])).toEqual({ category_list: [] });
  });

  it('are dropped when the server no longer knows the session', () => {
    const client = signedInClient();
    auth.useAuthStore.getState().clearUser();
    expect(ticketsOf(client)).toBeUndefined();
  });

  it('are not shown to another member who logs in on the same tab', () => {
    const client = signedInClient();
    auth.useAuthStore.getState().setUser(marco);
    expect(ticketsOf(client)).toBeUndefined();
  });

  it('stay when the user fetch confirms the same member', () => {
    const client = signedInClient();
    auth.useAuthStore.getState().setUser({ ...giulia, newsletter: 'subscribed' });
    expect(ticketsOf(client)).toEqual(giuliasTickets);
  });
});
