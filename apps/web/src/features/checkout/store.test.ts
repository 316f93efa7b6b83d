import type { Order } from '@sentiero/contract/checkout';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MemoryStorage } from '../../test/memory-storage.ts';

/** The browser's sessionStorage, for a test that runs in Node. */

let checkout: typeof import('./store.ts');
const store = () => checkout.useCheckoutStore;
const stored = () => JSON.parse(sessionStorage.getItem('checkout-storage') ?? 'null');

const anna = {
  full_name: 'Anna Rossi',
  start_date: '2026-06-01',
  end_date: '2026-06-01',
  birth_year: '',
  card_number: '',
  country: '',
  fiscal_code: '',
};
const marco = { ...anna, full_name: 'Marco Bianchi' };

const order = (status: Order['status']): Order => ({
  code: 'ST-ABCDE-FGHIJ',
  status,
  payment_method: 'sandbox',
  pay_on_site: false,
  hold_expires_at: '2026-05-20T10:15:00.000Z',
  summary: {
    location: 'Gulf of Orosei, Sardinia',
    ticket: 'Boat trip to the coves',
    category: 'For couples',
    start_date: '2026-06-01',
    end_date: '2026-06-01',
    max_usage: null,
    quantity: 2,
    unit_price_cents: 5000,
    subtotal_cents: 10000,
    discount_cents: 0,
    coupon_discount_cents: 0,
    service_fee_cents: 0,
    total_cents: 10000,
    currency: 'EUR',
  },
  redirect_url: null,
  client_secret: null,
});

beforeAll(async () => {
  vi.stubGlobal('sessionStorage', new MemoryStorage());
  checkout = await import('./store.ts');
});
afterEach(() => {
  store().getState().reset();
  vi.restoreAllMocks();
});

describe('checkout store', () => {
  it('keeps the guests in session storage under checkout-storage, with a version', () => {
    store().getState().openCheckout(47);
    store().getState().saveGuests([anna, marco]);
    store().getState().choosePayment('cash');
    expect(stored()).toMatchObject({
      version: 1,
      state: { ticketId: 47, guests: [anna, marco], paymentChoice: 'cash' },
    });
  });

  it('gives back what was entered after a login in the same tab (a fresh page load)', async () => {
    store().getState().openCheckout(47);
    store().getState().saveGuests([anna, marco]);
    const key = store().getState().requireIdempotencyKey();
    const beforeLogin = sessionStorage.getItem('checkout-storage') ?? '';
    // A new page: the memory is empty, session storage still holds what was written.
    store().setState({ ticketId: null, guests: [], idempotencyKey: null });
    sessionStorage.setItem('checkout-storage', beforeLogin);

    await store().persist.rehydrate();
    expect(store().getState()).toMatchObject({ ticketId: 47, guests: [anna, marco], idempotencyKey: key });
  });

  it('keeps what was entered when the same ticket opens again, and starts over for another one', () => {
    store().getState().openCheckout(47);
    store().getState().saveGuests([anna]);
    store().getState().openCheckout(47);
    expect(store().getState().guests).toEqual([anna]);
    store().getState().openCheckout(56);
    expect(store().getState()).toMatchObject({ ticketId: 56, guests: [] });
  });

  it('keeps one idempotency key while retrying, and a new one for a new attempt', () => {
    store().getState().openCheckout(47);
    const first = store().getState().requireIdempotencyKey();
    expect(first.length).toBeGreaterThanOrEqual(8);
    expect(store().getState().requireIdempotencyKey()).toBe(first);
    store().getState().endAttempt();
    expect(store().getState().requireIdempotencyKey()).not.toBe(first);
  });

  it('makes a new purchase attempt when the guests change', () => {
    store().getState().openCheckout(47);
    store().getState().saveGuests([anna]);
    const first = store().getState().requireIdempotencyKey();
    store()
      .getState()
      .saveGuests([{ ...anna }]);
    expect(store().getState().requireIdempotencyKey()).toBe(first);
    store().getState().saveGuests([anna, marco]);
    expect(store().getState().requireIdempotencyKey()).not.toBe(first);
  });

  it('keeps an applied coupon while the number of guests stays, and drops it when it changes', () => {
    store().getState().openCheckout(47);
    store().getState().saveGuests([anna, marco]);
    store().getState().applyCoupon({ code: 'BENVENUTO10', discountCents: 1000, quantity: 2 });
    store()
      .getState()
      .saveGuests([anna, { ...marco, full_name: 'Marco Verdi' }]);
    expect(store().getState().coupon).toEqual({ code: 'BENVENUTO10', discountCents: 1000, quantity: 2 });
    store().getState().saveGuests([anna]);
    expect(store().getState().coupon).toBeNull();
  });

  it('empties the cart after a successful order and keeps the order for the confirmation', () => {
    store().getState().openCheckout(47);
    store().getState().saveGuests([anna, marco]);
    store().getState().recordOrder(47, order('issued'));
    expect(store().getState()).toMatchObject({
      ticketId: null,
      guests: [],
      idempotencyKey: null,
      lastOrder: { ticketId: 47, order: { code: 'ST-ABCDE-FGHIJ' } },
    });
  });

  it('keeps the guests after a failed order, so the buyer can try again', () => {
    store().getState().openCheckout(47);
    store().getState().saveGuests([anna]);
    const key = store().getState().requireIdempotencyKey();
    store().getState().recordOrder(47, order('failed'));
    expect(store().getState()).toMatchObject({ ticketId: 47, guests: [anna] });
    expect(store().getState().requireIdempotencyKey()).not.toBe(key);
  });

  it('keeps the guests while a PayPal order waits for approval, so a cancel comes back to them', () => {
    store().getState().openCheckout(47);
    store().getState().saveGuests([anna]);
    const key = store().getState().requireIdempotencyKey();
    store()
      .getState()
      .recordOrder(47, { ...order('pending'), redirect_url: 'https://paypal.example/approve' });
    expect(store().getState()).toMatchObject({ ticketId: 47, guests: [anna] });
    expect(store().getState().requireIdempotencyKey()).not.toBe(key);
  });

  it('tells a bought order from one the provider is still confirming and from an incomplete one', () => {
    const outcomes = (statuses: Order['status'][]) =>
      statuses.map((status) => checkout.getOrderOutcome(order(status)));
    expect(outcomes(['paid', 'issued'])).toEqual(['success', 'success']);
    expect(outcomes(['pending'])).toEqual(['pending']);
    expect(outcomes(['failed', 'expired', 'refunded'])).toEqual(['incomplete', 'incomplete', 'incomplete']);
  });

  it('never stores card details, since none are given to it', () => {
    store().getState().openCheckout(47);
    store().getState().choosePayment('card');
    expect(JSON.stringify(stored())).not.toMatch(/4242|cvc|card_number":"\d/);
  });

  it('refuses a stored state of another version and reports it on the console', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    sessionStorage.setItem(
      'checkout-storage',
      JSON.stringify({ version: 0, state: { ticketId: 47, guests: [anna] } }),
    );
    await store().persist.rehydrate();
    expect(store().getState()).toMatchObject({ ticketId: null, guests: [] });
    expect(error).toHaveBeenCalledWith('Could not load the stored checkout', expect.any(Error));
  });

  it('drops what is malformed in a stored state of this version', () => {
    expect(
      checkout.readCheckoutState({
        ticketId: 47,
        guests: [{ full_name: 'Anna Rossi', start_date: 20260601 }, 'nobody'],
        paymentChoice: 'bitcoin',
        guestErrors: { 'guests.0.full_name': 'Enter a valid first and last name', other: 3 },
        heldOffer: { token: 'abc', day: '2027-06-01', places: '2' },
        lastOrder: { ticketId: 47, order: { code: 'X' } },
      }),
    ).toEqual({
      ticketId: 47,
      guests: [{ ...checkout.emptyGuest(), full_name: 'Anna Rossi' }, checkout.emptyGuest()],
      paymentChoice: null,
      coupon: null,
      idempotencyKey: null,
      guestErrors: { 'guests.0.full_name': 'Enter a valid first and last name' },
      heldOffer: null,
      lastOrder: null,
    });
  });

  it('keeps places held from a waiting list with their ticket, and starts their purchase afresh', () => {
    const offer = { token: 'abcdefghijklmnopqrstuvwx', day: '2027-06-01', places: 2 };
    expect(checkout.readCheckoutState({ ticketId: 47, heldOffer: offer }).heldOffer).toEqual(offer);
    expect(checkout.readCheckoutState({ heldOffer: offer }).heldOffer).toBeNull();
    const store = checkout.useCheckoutStore.getState();
    store.openCheckout(47);
    store.saveGuests([{ ...checkout.emptyGuest(), full_name: 'Anna Rossi' }]);
    store.holdOffer(47, offer);
    expect(checkout.useCheckoutStore.getState()).toMatchObject({
      ticketId: 47,
      guests: [],
      heldOffer: offer,
    });
  });
});
