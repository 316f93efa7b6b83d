import { describe, expect, it, vi } from 'vitest';
import { toFormData } from './api-client.ts';

vi.mock('./i18n.ts', () => ({ currentLanguage: () => 'en' }));

describe('form-data bodies of writes', () => {
  it('sends lists and objects as JSON strings, as the contract reads them back', () => {
    const guests = [{ full_name: 'Anna Rossi', start_date: '2026-06-01', end_date: '2026-06-01' }];
    const card = { number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123' };
    const form = toFormData({ id_ticket: 47, guests, card });
    expect(form.get('id_ticket')).toBe('47');
    expect(JSON.parse(String(form.get('guests')))).toEqual(guests);
    expect(JSON.parse(String(form.get('card')))).toEqual(card);
  });

  it('sends lists of plain values comma-separated, as the contract reads form lists', () => {
    const form = toFormData({ activities: ['mushrooms', 'fishing'], regions: [9, 12], none: [] });
    expect(form.get('activities')).toBe('mushrooms,fishing');
    expect(form.get('regions')).toBe('9,12');
    expect(form.get('none')).toBe('');
  });

  it('leaves out missing values and keeps files as files', () => {
    const file = new Blob(['%PDF'], { type: 'application/pdf' });
    const form = toFormData({ coupon: undefined, note: null, newsletter: false, upload: file });
    expect(form.has('coupon')).toBe(false);
    expect(form.has('note')).toBe(false);
    expect(form.get('newsletter')).toBe('false');
    expect(form.get('upload')).toBeInstanceOf(Blob);
  });
});
