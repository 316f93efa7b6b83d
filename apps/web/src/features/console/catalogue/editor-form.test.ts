import { describe, expect, it } from 'vitest';
import { formErrors, missingTexts, newTicketForm, parseEuros, toTicketFields } from './editor-form.ts';

describe("the ticket editor's form", () => {
  it('reads euros as operators type them, and refuses anything else', () => {
    expect(parseEuros('35')).toBe(3500);
    expect(parseEuros('35,5')).toBe(3550);
    expect(parseEuros(' 0.99 ')).toBe(99);
    expect(parseEuros('35.999')).toBeNaN();
    expect(parseEuros('free')).toBeNaN();
  });

  it('sends empty optional fields as null and a bad number as a value the API refuses by field', () => {
    const form = { ...newTicketForm(4), price: '12,50', discounted_price: '', daily_capacity: 'ten' };
    const fields = toTicketFields(form);
    expect(fields).toMatchObject({
      area_id: 4,
      price_cents: 1250,
      discounted_price_cents: null,
      season: null,
    });
    expect(fields.daily_capacity).toBe(-1);
  });

  it('flags the texts missing in each language, the meeting point only once a language has one', () => {
    const form = newTicketForm(1);
    form.title.it = 'Gita';
    form.meeting_point.it = 'Darsena';
    const missing = missingTexts(form);
    expect(missing.it).toEqual(['description', 'rules']);
    expect(missing.en).toEqual(['title', 'description', 'rules', 'meeting_point']);
  });

  it("puts the API's field messages on the form's fields", () => {
    expect(
      formErrors({ 'ticket.price_cents': 'bad', 'ticket.title.en': 'missing', 'ticket.open_days.0': 'x' }),
    ).toEqual({
      price: 'bad',
      'title.en': 'missing',
      open_days: 'x',
    });
  });
});
