import type { User } from '@sentiero/contract/accounts';
import type { IssuedTicket } from '@sentiero/contract/my-tickets';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TicketListPage } from '../features/tickets/offline-tickets.ts';
import { MemoryStorage } from '../test/memory-storage.ts';

const member = (id: number, firstname: string): User => ({
  id,
  firstname,
  lastname: 'Rossi',
  email: `${firstname.toLowerCase()}@example.it`,
  phone: null,
  country: 'IT',
  fiscal_code: null,
  language: 'it',
  newsletter: 'unsubscribed',
  preferences: { activities: [], regions: [] },
  two_factor: false,
  is_premium: false,
  created_at: '2025-05-01T08:00:00.000Z',
});
const giulia = member(7, 'Giulia');
const marco = member(8, 'Marco');

const ticket: IssuedTicket = {
  code: 'MUSHROOM1',
  order_code: 'ST-AAAAA-BBBBB',
  title: 'Permesso funghi giornaliero',
  area: 'Alta Valle Tanaro',
  category_id: 1,
  holder: 'Giulia Rossi',
  valid_from: '2026-09-12',
  valid_until: '2026-09-12',
  max_usage: 1,
  uses: 0,
  status: 'active',
  pay_on_site: false,
  signed_code: 'ST1.payload.signature',
  download_url: '/api/app/ticket/download?code=MUSHROOM1',
};
const list: TicketListPage = {
  purchase_list: [{ date_purchase: '2026-08-01', tickets: [ticket] }],
  page: 1,
  pages: 1,
  total: 1,
};

let auth: typeof import('../lib/auth-store.ts');
let tickets: typeof import('../features/tickets/offline-tickets.ts');
const phone = new MemoryStorage();

beforeAll(async () => {
  vi.stubGlobal('sessionStorage', new MemoryStorage());
  auth = await import('../lib/auth-store.ts');
  tickets = await import('../features/tickets/offline-tickets.ts');
  const { forgetTicketsOnLogout } = await import('./forget-tickets-on-logout.ts');
  return forgetTicketsOnLogout(() => phone);
});
afterEach(() => {
  auth.useAuthStore.getState().logout();
  phone.clear();
});

describe('tickets saved for offline use, when the member logs out', () => {
  it("removes the member's saved tickets on logout, and keeps another member's", () => {
    auth.useAuthStore.getState().setUser(giulia);
    tickets.saveTickets(phone, giulia.id, 1, list);
    tickets.saveTickets(phone, marco.id, 1, list);
    auth.useAuthStore.getState().logout();
    expect(tickets.findSavedTickets(phone, giulia.id, 1)).toBeNull();
    expect(tickets.findSavedTickets(phone, marco.id, 1)?.total).toBe(1);
  });

  it('keeps them when a failed user fetch clears the user, as when the server is down', () => {
    auth.useAuthStore.getState().setUser(giulia);
    tickets.saveTickets(phone, giulia.id, 1, list);
    auth.useAuthStore.getState().clearUser();
    expect(tickets.findSavedTickets(phone, giulia.id, 1)?.total).toBe(1);
  });
});
