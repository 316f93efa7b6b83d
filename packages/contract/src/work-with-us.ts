import { z } from 'zod';
import { field, ZEmail } from './account-fields.ts';
import { ZCard } from './checkout.ts';
import { ZCountryCode, ZFormBoolean, ZLanguageParam } from './common.ts';
import { defineEndpoint } from './endpoint.ts';
import { OPERATOR_KINDS, type OperatorKind } from './operator-kinds.ts';
import { isValidVatNumber, VAT_COUNTRIES } from './rules/vat-numbers.ts';

/**
 * "Work with us" (SPEC section 7, `app/workwithus/buy`): a business applies to sell its
 * activities on Sentiero. The commission plan costs nothing; the featured plan is a yearly
 * featured listing paid at once, by card or PayPal.
 */

/** A business applies as the kind of operator it would become. */
export const BUSINESS_KINDS = OPERATOR_KINDS;
export type BusinessKind = OperatorKind;

export const APPLICATION_PLANS = ['commission', 'featured'] as const;
export type ApplicationPlan = (typeof APPLICATION_PLANS)[number];

export const APPLICATION_STATES = ['submitted', 'awaiting_payment', 'approved', 'rejected'] as const;
export type ApplicationState = (typeof APPLICATION_STATES)[number];

/** How the featured listing is paid: a card (the simulator or Stripe) or PayPal; never cash. */
export const APPLICATION_PAYMENT_METHODS = ['sandbox', 'card', 'paypal'] as const;
export type ApplicationPaymentMethod = (typeof APPLICATION_PAYMENT_METHODS)[number];

/** The yearly featured listing's price when the configuration says nothing (VAT included). */
export const FEATURED_LISTING_CENTS = 9900;
export const MAX_APPLICATION_ACTIVITIES = 20;
/** A phone number as people type it: digits, spaces, brackets, dots, slashes, hyphens, a leading +. */
const APPLICATION_PHONE_PATTERN = /^\+?[0-9 ()./-]{6,24}$/;

/** An empty field's first problem is that it is missing: the server and the form show the first. */
const requiredText = (max: number, requiredKey = 'required') =>
  z.string(field(requiredKey)).trim().min(1, field(requiredKey)).max(max, field('invalid'));

/** The applicant's fields, which the web form checks with the same rules before sending. */
export const ZApplicationFields = z.object({
  business_name: requiredText(160),
  business_kind: z.enum(BUSINESS_KINDS, field('required')),
  vat_country: z.enum(VAT_COUNTRIES, field('required')),
  vat_number: requiredText(40, 'vatNumberRequired'),
  contact_name: requiredText(120, 'fullNameRequired'),
  email: ZEmail,
  phone: requiredText(40).pipe(z.string().regex(APPLICATION_PHONE_PATTERN, field('invalidPhone'))),
  // Form-data sends a list of plain values comma-separated (`formList`'s convention).
  activities: z.preprocess(
    (value) =>
      typeof value === 'string'
        ? value
            .split(',')
            .map((slug) => slug.trim())
            .filter(Boolean)
        : value,
    z
      .array(z.string().trim().min(1).max(64), field('activitiesRequired'))
      .min(1, field('activitiesRequired'))
      .max(MAX_APPLICATION_ACTIVITIES, field('invalid')),
  ),
  country: z.enum(ZCountryCode.options, field('required')),
  region: z
    .string()
    .trim()
    .max(64, field('invalid'))
    .optional()
    .transform((value) => value || null),
  area_names: z.string().trim().max(500, field('invalid')).default(''),
  message: z.string().trim().max(5000, field('messageTooLong')).default(''),
  plan: z.enum(APPLICATION_PLANS, field('required')),
  terms: ZFormBoolean.refine((accepted) => accepted, field('termsRequired')),
});

type VatFields = { vat_country: (typeof VAT_COUNTRIES)[number]; vat_number: string };

/** Whether the payload is not an object at all, or has a problem at one of `fields`. */
const hasIssueAt = (payload: z.core.ParsePayload, fields: readonly string[]) =>
  payload.issues.some((issue) => !issue.path?.length || fields.includes(String(issue.path[0])));

/**
 * The VAT number is read by the rule of the country chosen beside it; checked even when other
 * fields have problems (zod's `when`), so a form shows every problem at once.
 */
export const vatNumberCheck: [(value: VatFields) => boolean, z.core.$ZodCustomParams] = [
  (value) => isValidVatNumber(value.vat_country, value.vat_number),
  {
    path: ['vat_number'],
    error: 'field.vatNumberInvalid',
    when: (payload) => !hasIssueAt(payload, ['vat_country', 'vat_number']),
  },
];

export const ZApplication = z
  .object({
    reference: z.string(),
    state: z.enum(APPLICATION_STATES),
    plan: z.enum(APPLICATION_PLANS),
    amount_cents: z.number().int(),
    currency: z.literal('EUR'),
    /** Featured plan, PayPal: where to approve the payment. */
    redirect_url: z.string().nullable(),
    /** Featured plan, Stripe: what Stripe.js needs to confirm the card. */
    client_secret: z.string().nullable(),
  })
  .meta({ id: 'OperatorApplication' });
export type Application = z.infer<typeof ZApplication>;

export const workWithUsPlans = defineEndpoint({
  path: '/app/workwithus/plans',
  kind: 'read',
  access: 'public',
  cache: 'public',
  tag: 'workwithus',
  summary: "The plans a business may apply with and the featured listing's yearly price (VAT included).",
  input: z.object({ lng: ZLanguageParam }),
  output: z.object({
    plans: z.array(z.object({ plan: z.enum(APPLICATION_PLANS), price_cents: z.number().int() })),
    currency: z.literal('EUR'),
  }),
});

export const workWithUsBuy = defineEndpoint({
  path: '/app/workwithus/buy',
  kind: 'write',
  access: 'public',
  tag: 'workwithus',
  summary:
    'A business applies to sell on Sentiero; with the featured plan its payment starts and the application waits for it. ' +
    'The same idempotency key answers the same application.',
  input: ZApplicationFields.extend({
    lng: ZLanguageParam,
    payment_method: z.enum(APPLICATION_PAYMENT_METHODS, field('invalid')).optional(),
    card: ZCard.optional(),
    idempotency_key: z.string().trim().min(8).max(100),
  })
    .refine(...vatNumberCheck)
    .refine((value) => value.plan !== 'featured' || value.payment_method !== undefined, {
      path: ['payment_method'],
      error: 'field.required',
      when: (payload) => !hasIssueAt(payload, ['plan', 'payment_method']),
    }),
  output: z.object({ application: ZApplication }),
});

export const workWithUsComplete = defineEndpoint({
  path: '/app/workwithus/buy/complete',
  kind: 'write',
  access: 'public',
  tag: 'workwithus',
  summary:
    "Back from the provider (PayPal's approval, Stripe's card confirmation): the featured listing's payment is settled and the application answered.",
  input: z.object({ lng: ZLanguageParam, reference: z.string().trim().min(8).max(64) }),
  output: z.object({ application: ZApplication }),
});
