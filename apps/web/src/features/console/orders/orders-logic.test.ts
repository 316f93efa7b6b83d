import { describe, expect, it } from 'vitest';
import type { OrderStory } from './api.ts';
import {
  awaitsPaymentOnSite,
  exportAddress,
  exportFileAddress,
  exportShare,
  manifestFromParams,
  paramsOfSearch,
  refundableGuests,
  refundPreview,
  searchFromParams,
} from './orders-logic.ts';

function story(
  overrides: Partial<OrderStory['order']> = {},
  refunds: OrderStory['refunds'] = [],
): OrderStory {
  const guest = (line_id: number, unit_price_cents: number) => ({
    line_id,
    name: `Guest ${line_id}`,
    fiscal_code: null,
    fishing_card: null,
    ticket_id: 1,
    ticket_title: 'Porcini',
    area_id: 1,
    area_name: 'Val di Sole',
    start_date: '2026-09-01',
    end_date: '2026-09-01',
    unit_price_cents,
    issued: null,
  });
  return {
    order: {
      code: 'ST-AAA',
      state: 'issued',
      payment_method: 'card',
      total_cents: 1000,
      refunded_cents: 0,
      buyer: { name: 'Ada', email: null },
      guests: 3,
      created_at: '2026-08-01T10:00:00Z',
      paid_at: '2026-08-01T10:01:00Z',
      payment_reference: null,
      coupon_code: 'TEN',
      issued_at: null,
      language: 'it',
      ...overrides,
    },
    guests: [guest(11, 1500), guest(12, 1500), guest(13, 1500)],
    refunds,
    story: [],
  };
}

describe('the search in the address', () => {
  it('keeps the fields the API takes and drops the rest', () => {
    const params = new URLSearchParams(
      'order_code=%20ST-1%20&guest_name=&area_id=4&ticket_id=x&day=2026-09-01&state=lost&fishing_card=TN1&page=3',
    );
    expect(searchFromParams(params)).toEqual({
      order_code: 'ST-1',
      area_id: 4,
      day: '2026-09-01',
      fishing_card: 'TN1',
      page: 3,
    });
  });

  it('writes only the fields set, and leaves the first page implicit', () => {
    expect(paramsOfSearch({ guest_name: 'Rossi', day: '', state: undefined, page: 1 }).toString()).toBe(
      'guest_name=Rossi',
    );
    expect(paramsOfSearch({ guest_name: 'Rossi', page: 2 }).toString()).toBe('guest_name=Rossi&page=2');
  });

  it('exports the same search, every page of it, in the console language', () => {
    expect(exportAddress({ guest_name: 'Rossi', area_id: 4, page: 3 }, 'de')).toBe(
      '/api/console/orders/export.csv?lng=de&guest_name=Rossi&area_id=4',
    );
  });
});

describe('a refund', () => {
  it("previews each guest's share of what was paid, coupon included, adding up to the total", () => {
    const order = story();
    expect(refundPreview(order, [11])).toBe(334);
    expect(refundPreview(order, [12, 13])).toBe(666);
    expect(refundPreview(order, [11, 12, 13])).toBe(1000);
  });

  it('offers only the guests not refunded yet; a failed refund gives its guests back', () => {
    const refund = (id: number, state: 'pending' | 'succeeded' | 'failed', guests: number[]) => ({
      id,
      state,
      amount_cents: 0,
      reason: 'storm',
      failure_reason: null,
      guests,
      requested_by_staff_id: 1,
      created_at: '2026-08-02T10:00:00Z',
      settled_at: null,
    });
    expect(refundableGuests(story({}, [refund(1, 'succeeded', [11]), refund(2, 'failed', [12])]))).toEqual([
      12, 13,
    ]);
    expect(refundableGuests(story({}, [refund(1, 'pending', [13])]))).toEqual([11, 12]);
  });

  it('knows a pay-on-site order still waiting for its money', () => {
    expect(awaitsPaymentOnSite(story({ payment_method: 'cash', paid_at: null }))).toBe(true);
    expect(awaitsPaymentOnSite(story({ payment_method: 'cash' }))).toBe(false);
    expect(awaitsPaymentOnSite(story({ payment_method: 'card', paid_at: null }))).toBe(false);
  });
});

describe('the manifest in the address', () => {
  it('needs a day and a ticket or an area; the ticket wins over the area', () => {
    expect(manifestFromParams(new URLSearchParams('day=2026-09-01'))).toBeNull();
    expect(manifestFromParams(new URLSearchParams('area_id=3'))).toBeNull();
    expect(manifestFromParams(new URLSearchParams('area_id=3&day=2026-09-01'))).toEqual({
      day: '2026-09-01',
      area_id: 3,
    });
    expect(manifestFromParams(new URLSearchParams('area_id=3&ticket_id=9&day=2026-09-01&page=2'))).toEqual({
      day: '2026-09-01',
      ticket_id: 9,
      page: 2,
    });
  });
});

describe('a prepared export', () => {
  it("is taken from its own address, in the reader's language", () => {
    expect(exportFileAddress(42, 'de')).toBe('/api/console/orders/exports/file?lng=de&id=42');
  });

  it('shows its progress as a share of what it found, never past the whole', () => {
    expect(exportShare(0, 0)).toBe(0);
    expect(exportShare(250, 1000)).toBe(25);
    expect(exportShare(1000, 1000)).toBe(100);
    // Orders that stopped matching during the run leave `done` below `total`; more never shows 101.
    expect(exportShare(1001, 1000)).toBe(100);
  });
});
