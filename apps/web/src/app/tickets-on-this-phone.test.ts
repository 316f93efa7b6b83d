import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TicketListPage } from '../features/tickets/offline-tickets.ts';
import { issuedTicket, member, stubNoNetwork } from '../test/fixtures.ts';
import { MemoryStorage } from '../test/memory-storage.ts';

const giulia = member(7, 'Giulia');
const marco = member(8, 'Marco');

const list: TicketListPage = {
  purchase_list: [{ date_purchase: '2026-08-01', tickets: [issuedTicket('MUSHROOM1')] }],
  page: 1,
  pages: 1,
  total: 1,
};

// The client sends the interface language; which one does not matter here.
vi.mock('../lib/i18n.ts', () => ({ currentLanguage: () => 'en' }));

let auth: typeof import('../lib/auth-store.ts');
let session: typeof import('../lib/session.ts');
let tickets: typeof import('../features/tickets/offline-tickets.ts');
const phone = new MemoryStorage();

beforeAll(async () => {
  vi.stubGlobal('sessionStorage', new MemoryStorage());
  auth = await import('../lib/auth-store.ts');
  session = await import('../lib/session.ts');
  tickets = await import('../features/tickets/offline-tickets.ts');
  const { keepTicketsOnThisPhone } = await import('./tickets-on-this-phone.ts');
  return keepTicketsOnThisPhone(() => phone);
});
afterEach(() => {
  auth.useAuthStore.getState().logout();
  phone.clear();
  vi.unstubAllGlobals();
  vi.stubGlobal('sessionStorage', new MemoryStorage());
});

/** The member's phone opens a new tab (its own session storage) where there is no network. */
async function openTabOffline() {
  auth.useAuthStore.getState().clearUser();
  stubNoNetwork();
  await session.refreshUser();
  return auth.useAuthStore.getState();
}

/** What the tickets page does with a page of the list it fetched. */
const saveOnPhone = (holder: typeof giulia) => tickets.saveTickets(phone, holder, 1, list);

describe('tickets saved for offline use, when the member logs out', () => {
  it("removes the member's saved tickets on logout, and keeps another member's", () => {
    auth.useAuthStore.getState().setUser(giulia);
    saveOnPhone(marco);
    saveOnPhone(giulia);
    auth.useAuthStore.getState().logout();
    expect(tickets.findSavedTickets(phone, giulia.id, 1)).toBeNull();
    expect(tickets.findSavedTickets(phone, marco.id, 1)?.total).toBe(1);
  });

  it('keeps them when a failed user fetch clears the user, as when the server is down', () => {
    auth.useAuthStore.getState().setUser(giulia);
    saveOnPhone(giulia);
    auth.useAuthStore.getState().clearUser();
    expect(tickets.findSavedTickets(phone, giulia.id, 1)?.total).toBe(1);
  });
});

describe('a tab opened with no network', () => {
  it('is signed in as the member whose tickets the phone keeps, and shows them', async () => {
    saveOnPhone(giulia);
    const state = await openTabOffline();
    expect(state).toMatchObject({ user: giulia, isLoggedIn: true });
    expect(tickets.findSavedTickets(phone, state.user?.id ?? 0, 1)?.total).toBe(1);
  });

  it('stays signed out once that member logged out', async () => {
    auth.useAuthStore.getState().setUser(giulia);
    saveOnPhone(giulia);
    auth.useAuthStore.getState().logout();
    expect(await openTabOffline()).toMatchObject({ user: null, isLoggedIn: false });
  });

  it('stays signed out when the phone keeps no tickets, or an unreadable note of their holder', async () => {
    expect(await openTabOffline()).toMatchObject({ user: null, isLoggedIn: false });
    saveOnPhone(giulia);
    phone.setItem('sentiero.tickets.v1.holder', '{"id":"7"');
    expect(await openTabOffline()).toMatchObject({ user: null, isLoggedIn: false });
  });

  it('keeps the member who logs in there, rather than the holder of the saved tickets', async () => {
    saveOnPhone(giulia);
    auth.useAuthStore.getState().setUser(marco);
    stubNoNetwork();
    await session.refreshUser();
    expect(auth.useAuthStore.getState().user).toEqual(marco);
  });

  it('is signed out when the server, reached again, no longer knows the session', async () => {
    saveOnPhone(giulia);
    await openTabOffline();
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ code: 'UNAUTHENTICATED', message: 'Please log in to continue' }), {
            status: 401,
            headers: { 'content-type': 'application/json' },
          }),
      ),
    );
    await session.refreshUser();
    expect(auth.useAuthStore.getState()).toMatchObject({ user: null, isLoggedIn: false });
  });
});
