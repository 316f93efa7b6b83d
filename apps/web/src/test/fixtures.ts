import type { User } from '@sentiero/contract/accounts';
import type { IssuedTicket } from '@sentiero/contract/my-tickets';
import { vi } from 'vitest';

/** A member as the user fetch answers them. */
export const member = (id: number, firstname: string): User => ({
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

/** A day's mushroom permit as `app/ticket/list` gives it, with its code and category. */
export const issuedTicket = (code: string, categoryId = 1): IssuedTicket => ({
  code,
  order_code: 'ST-AAAAA-BBBBB',
  title: 'Permesso funghi giornaliero',
  area: 'Alta Valle Tanaro',
  category_id: categoryId,
  holder: 'Giulia Rossi',
  valid_from: '2026-09-12',
  valid_until: '2026-09-12',
  max_usage: 1,
  uses: 0,
  status: 'active',
  pay_on_site: false,
  signed_code: `ST1.payload-${code}.signature`,
  qr_code: `ST2.PAYLOAD${code}`,
  download_url: `/api/app/ticket/download?code=${code}`,
});

/** A phone with no network: every fetch fails before reaching a server, as browsers report it. */
export function stubNoNetwork() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    }),
  );
}
