import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBrowser, createTestApp, type TestApp } from '../../test/app.ts';
import { createTicket } from '../../test/factories.ts';
import { type FakePaypal, paypalEnvironment, startFakePaypal } from '../../test/fakes/paypal.ts';

let sut: TestApp;
let paypal: FakePaypal;
beforeAll(async () => {
  paypal = await startFakePaypal();
  sut = await createTestApp(
    {
      ...paypalEnvironment(paypal),
    },
    { now: '2026-11-23T08:00:00Z' },
  );
});
afterAll(async () => {
  await sut.close();
  await paypal.server.close();
});

describe('PayPal checkout', () => {
  it('is offered to the payment step once PayPal is configured, beside the card simulator and cash', async () => {
    const response = await sut.app.inject({ method: 'GET', url: '/api/site' });
    expect(response.json().payment_methods).toEqual({
      card: 'sandbox',
      stripe_publishable_key: null,
      paypal: true,
      cash: true,
    });
  });

  it('sends the buyer to approve on PayPal, then captures on the return and issues the tickets', async () => {
    const browser = createBrowser(sut);
    await browser.post('/api/app/user/register?lng=en', {
      firstname: 'Marta',
      lastname: 'Vidal',
      email: 'marta.paypal@example.es',
      password: 'Barranco2026',
      country: 'ES',
      is_adult: true,
      policy_accepted: true,
    });
    const { id, date } = await createTicket(sut.database.db);
    const bought = await browser.post('/api/app/v4/ticket/buy?lng=es', {
      id_ticket: id,
      guests: [{ full_name: 'Marta Vidal', start_date: date, end_date: date }],
      payment_method: 'paypal',
      idempotency_key: 'paypal-checkout-1',
    });
    expect(bought.statusCode).toBe(200);
    const { order } = bought.json();
    expect(order.status).toBe('pending');
    expect(order.redirect_url).toMatch(/^https?:\/\/.+/);
    const [paypalOrder] = [...paypal.orders.values()].filter((candidate) => candidate.code === order.code);
    expect(paypalOrder?.value).toBe((order.summary.total_cents / 100).toFixed(2));
    // PayPal sends the buyer back to the event's confirmation step, or to its payment step on a cancel.
    const pageOf = (url = '') => {
      const { pathname, search } = new URL(url);
      return `${pathname}${search}`;
    };
    expect(pageOf(paypalOrder?.returnUrl)).toBe(`/event/${id}/confirmation?order=${order.code}`);
    expect(pageOf(paypalOrder?.cancelUrl)).toBe(`/event/${id}/payment?order=${order.code}`);

    // The buyer approves on PayPal's pages.
    if (paypalOrder) paypalOrder.state = 'approved';
    const back = await browser.post('/api/app/v4/ticket/buy/complete?lng=es', { code: order.code });
    expect(back.statusCode).toBe(200);
    expect(back.json().order.status).toBe('issued');
    const tickets = (await browser.get('/api/app/ticket/list')).json().purchase_list[0].tickets;
    expect(tickets).toHaveLength(1);
    // A paid order cannot be cancelled from the return link.
    const late = await browser.post('/api/app/v4/ticket/buy/cancel', { code: order.code });
    expect(late.json().order.status).toBe('issued');

    const stranger = createBrowser(sut);
    await stranger.post('/api/app/user/register?lng=en', {
      firstname: 'Otro',
      lastname: 'Cliente',
      email: 'otro.paypal@example.es',
      password: 'Barranco2026',
      country: 'ES',
      is_adult: true,
      policy_accepted: true,
    });
    expect((await stranger.post('/api/app/v4/ticket/buy/complete', { code: order.code })).statusCode).toBe(
      404,
    );
  });

  it('gives the places back at once when the buyer cancels on PayPal, and only for the owner', async () => {
    const browser = createBrowser(sut);
    await browser.post('/api/app/user/register?lng=en', {
      firstname: 'Luka',
      lastname: 'Novak',
      email: 'luka.paypal@example.si',
      password: 'Triglav2026peak',
      country: 'SI',
      is_adult: true,
      policy_accepted: true,
    });
    const { id, date } = await createTicket(sut.database.db);
    const remaining = async () =>
      (
        await sut.app.inject({ method: 'GET', url: `/api/app/ticket/calendar?id=${id}&from=${date}&days=1` })
      ).json().days[0].remaining;
    const before = await remaining();
    const bought = await browser.post('/api/app/v4/ticket/buy?lng=sl', {
      id_ticket: id,
      guests: [{ full_name: 'Luka Novak', start_date: date, end_date: date }],
      payment_method: 'paypal',
      idempotency_key: 'paypal-cancel-1',
    });
    const { order } = bought.json();
    expect(await remaining()).toBe(before - 1);

    const stranger = createBrowser(sut);
    expect((await stranger.post('/api/app/v4/ticket/buy/cancel', { code: order.code })).statusCode).toBe(401);

    const cancelled = await browser.post('/api/app/v4/ticket/buy/cancel?lng=sl', { code: order.code });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().order.status).toBe('failed');
    expect(await remaining()).toBe(before);
    // Twice is the same as once.
    expect(
      (await browser.post('/api/app/v4/ticket/buy/cancel', { code: order.code })).json().order.status,
    ).toBe('failed');
    expect(await remaining()).toBe(before);
  });
});
