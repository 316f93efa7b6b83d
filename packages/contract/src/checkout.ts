import { z } from 'zod';
import { ZCalendarDate, ZLanguageParam } from './common.ts';
import { defineEndpoint } from './endpoint.ts';
import { ZId } from './paging.ts';
import { COUNTRY_CODE_PATTERN, FISCAL_CODE_MAX_LENGTH } from './rules/account-fields.ts';

const field = (key: string) => ({ error: `field.${key}` });

/** How long places stay held while the buyer pays (DESIGN: 15 minutes). */
export const HOLD_MINUTES = 15;
/** One order carries at most this many guests; a group beyond it makes two orders. */
export const MAX_GUESTS = 20;
/** SPEC section 5, year selection: nobody is asked for a birth year before 1900. */
export const FIRST_BIRTH_YEAR = 1900;

export const PAYMENT_METHODS = ['sandbox', 'card', 'paypal', 'cash', 'free'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** A fishing federation card number (FIPSAS and the like): letters and digits, as printed. */
export const FISHING_CARD = /^[A-Z0-9][A-Z0-9 /-]{4,30}$/i;

/** First and last name: two words of letters at least ('Enter a valid first and last name'). */
export const GUEST_NAME = /^\p{L}[\p{L}\p{M}'’.-]*(\s+\p{L}[\p{L}\p{M}'’.-]*)+$/u;

/** SPEC section 5: 'Enter a valid coupon code' for what cannot be a code at all. */
export const ZCouponCode = z
  .string(field('couponFormat'))
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9-]{3,40}$/, field('couponFormat'));

export const ZGuest = z.object({
  full_name: z
    .string(field('guestName'))
    .trim()
    // A name past its length is refused by its length alone, not matched against the pattern too.
    .max(120, { ...field('guestName'), abort: true })
    .regex(GUEST_NAME, field('guestName')),
  start_date: ZCalendarDate,
  end_date: ZCalendarDate,
  birth_year: z.coerce
    .number(field('invalidBirthYear'))
    .int()
    .min(FIRST_BIRTH_YEAR, field('invalidBirthYear'))
    .max(2100, field('invalidBirthYear'))
    .optional(),
  card_number: z.string().trim().max(32, field('cardNumber')).optional(),
  country: z.string().trim().toUpperCase().regex(COUNTRY_CODE_PATTERN, field('invalid')).optional(),
  fiscal_code: z.string().trim().max(FISCAL_CODE_MAX_LENGTH, field('invalidFiscalCode')).optional(),
});
export type Guest = z.infer<typeof ZGuest>;

/** Lists and objects travel as such in JSON bodies and as JSON strings in form-data. */
export function parsedJson(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

const ZGuests = z.preprocess(
  parsedJson,
  z.array(ZGuest, field('invalid')).min(1, field('required')).max(MAX_GUESTS, field('tooManyGuests')),
);

export const ZCard = z.preprocess(
  parsedJson,
  z.object({
    number: z.string().trim().max(32),
    exp_month: z.coerce.number().int().min(1).max(12),
    exp_year: z.coerce.number().int().min(2000).max(2100),
    cvc: z
      .string()
      .trim()
      .regex(/^\d{3,4}$/),
  }),
);

/** SPEC section 3, the cart: every figure computed by the server. */
export const ZCartSummary = z
  .object({
    location: z.string(),
    ticket: z.string(),
    category: z.string(),
    start_date: z.string(),
    end_date: z.string(),
    max_usage: z.number().int().nullable(),
    quantity: z.number().int(),
    unit_price_cents: z.number().int(),
    subtotal_cents: z.number().int(),
    discount_cents: z.number().int(),
    coupon_discount_cents: z.number().int(),
    service_fee_cents: z.number().int(),
    total_cents: z.number().int(),
    currency: z.literal('EUR'),
  })
  .meta({ id: 'CartSummary' });
export type CartSummary = z.infer<typeof ZCartSummary>;

export const ORDER_STATES = ['pending', 'paid', 'issued', 'failed', 'expired', 'refunded'] as const;

export const ZOrder = z
  .object({
    code: z.string(),
    status: z.enum(ORDER_STATES),
    payment_method: z.enum(PAYMENT_METHODS),
    pay_on_site: z.boolean(),
    hold_expires_at: z.string(),
    summary: ZCartSummary,
    /** Where to send the browser to pay (PayPal), or what Stripe.js needs to confirm a card. */
    redirect_url: z.string().nullable(),
    client_secret: z.string().nullable(),
  })
  .meta({ id: 'Order' });
export type Order = z.infer<typeof ZOrder>;

export const ticketBuy = defineEndpoint({
  path: '/app/v4/ticket/buy',
  kind: 'write',
  access: 'member',
  tag: 'checkout',
  summary:
    'Buys a ticket for one or more guests. Places are held for 15 minutes while paying; the same ' +
    'idempotency key always answers the same order. With `waitlist_offer`, the places held for ' +
    "the member from a waiting list are the order's (ADR 050).",
  input: z.object({
    lng: ZLanguageParam,
    id_ticket: ZId,
    guests: ZGuests,
    coupon: ZCouponCode.optional(),
    payment_method: z.enum(PAYMENT_METHODS, field('invalid')),
    idempotency_key: z.string().trim().min(8).max(100),
    card: ZCard.optional(),
    /** The token of places held for this member from a waiting list (`app/ticket/waitlist/offer`). */
    waitlist_offer: z.string().trim().min(16).max(100).optional(),
  }),
  output: z.object({ order: ZOrder }),
});

export const ticketKeys = defineEndpoint({
  path: '/app/ticket/keys',
  kind: 'read',
  access: 'public',
  cache: 'public',
  tag: 'checkout',
  summary: 'The public keys that sign tickets: what a phone needs to verify a QR code offline.',
  input: z.object({ lng: ZLanguageParam }),
  output: z.object({
    keys: z.array(
      z.object({ kty: z.literal('OKP'), crv: z.literal('Ed25519'), x: z.string(), kid: z.string() }),
    ),
  }),
});

export const ticketBuyComplete = defineEndpoint({
  path: '/app/v4/ticket/buy/complete',
  kind: 'write',
  access: 'member',
  tag: 'checkout',
  summary: 'The buyer is back from the payment provider (PayPal approval): captures and answers the order.',
  input: z.object({ lng: ZLanguageParam, code: z.string().trim().min(5).max(40) }),
  output: z.object({ order: ZOrder }),
});

export const ticketBuyCancel = defineEndpoint({
  path: '/app/v4/ticket/buy/cancel',
  kind: 'write',
  access: 'member',
  tag: 'checkout',
  summary:
    'The buyer left the payment provider without paying (PayPal cancel): the pending order fails and its places go back on sale.',
  input: z.object({ lng: ZLanguageParam, code: z.string().trim().min(5).max(40) }),
  output: z.object({ order: ZOrder }),
});

/** SPEC section 5: 'Coupon code is valid!' or 'Coupon code not valid', with the figures it gives. */
export const couponInfo = defineEndpoint({
  path: '/app/coupon/info',
  kind: 'write',
  access: 'public',
  tag: 'checkout',
  summary: 'Checks a coupon code for a ticket and a number of guests; answers the discount.',
  input: z.object({
    lng: ZLanguageParam,
    code: ZCouponCode,
    id_ticket: ZId,
    quantity: z.coerce.number().int().min(1).max(MAX_GUESTS).default(1),
  }),
  output: z.object({
    valid: z.literal(true),
    code: z.string(),
    kind: z.enum(['percent', 'fixed']),
    amount: z.number().int(),
    discount_cents: z.number().int(),
  }),
});
