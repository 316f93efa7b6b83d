import { z } from 'zod';
import { field } from './account-fields.ts';
import { ZCouponCode } from './checkout.ts';
import { formList, ZFormBoolean, ZLanguageParam } from './common.ts';
import { defineEndpoint } from './endpoint.ts';
import { ZId, ZPageParam, ZPaging } from './paging.ts';

/*
 * The console's coupons (issue 23, item 4; ADR 038): every kind checkout applies — a percentage
 * or a fixed amount, limited to tickets, areas or categories, to a period, to a number of uses in
 * all and per person, and to Sentiero+ members. An operator's coupon reaches only its own tickets
 * or areas; a coupon of Sentiero's own (no operator), which may reach the whole catalogue, is an
 * admin's. Another operator's coupon answers 404, as one that does not exist.
 */

export const COUPON_PAGE_SIZE = 25;
export const COUPON_KINDS = ['percent', 'fixed'] as const;
export const COUPON_STATES = ['active', 'inactive'] as const;
/** A fixed discount of at most 10,000 € (cents). */
export const COUPON_FIXED_MAX_CENTS = 1_000_000;

/** Forms send an empty field for "none": it is read as null. */
const blankIsNull = (value: unknown) => (value === '' || value === undefined ? null : value);

/** A list of ids as forms send it; none (or an empty list) means no limit of that kind. */
const ZIdList = formList(ZId, 500)
  .transform((ids) => (ids.length > 0 ? [...new Set(ids)] : null))
  .nullable()
  .default(null);

const ZInstant = z.preprocess(
  blankIsNull,
  z.iso.datetime({ offset: true, error: 'field.invalidDate' }).nullable(),
);
const ZCount = z.preprocess(
  blankIsNull,
  z.coerce.number(field('invalid')).int(field('invalid')).min(1, field('invalid')).max(1_000_000).nullable(),
);

const ZCouponFields = z.object({
  lng: ZLanguageParam,
  kind: z.enum(COUPON_KINDS, field('invalid')),
  /** Percent (1–100) or cents. */
  amount: z.coerce.number(field('invalid')).int(field('invalid')).min(1, field('invalid')),
  ticket_ids: ZIdList,
  area_ids: ZIdList,
  category_ids: ZIdList,
  valid_from: ZInstant.default(null),
  valid_until: ZInstant.default(null),
  max_uses: ZCount.default(null),
  max_uses_per_person: ZCount.default(null),
  members_only: ZFormBoolean.default(false),
});

/** The rules between fields: a percentage is at most 100, a period ends after it starts. */
function checkCoupon(
  coupon: z.output<typeof ZCouponFields>,
  context: { addIssue(issue: { code: 'custom'; path: string[]; message: string }): void },
) {
  const max = coupon.kind === 'percent' ? 100 : COUPON_FIXED_MAX_CENTS;
  if (coupon.amount > max) context.addIssue({ code: 'custom', path: ['amount'], message: 'field.invalid' });
  if (coupon.valid_from && coupon.valid_until && coupon.valid_until <= coupon.valid_from) {
    context.addIssue({ code: 'custom', path: ['valid_until'], message: 'field.couponPeriod' });
  }
}

export const ZConsoleCoupon = z.object({
  id: z.number().int(),
  code: z.string(),
  kind: z.enum(COUPON_KINDS),
  amount: z.number().int(),
  ticket_ids: z.array(z.number().int()).nullable(),
  area_ids: z.array(z.number().int()).nullable(),
  category_ids: z.array(z.number().int()).nullable(),
  valid_from: z.string().nullable(),
  valid_until: z.string().nullable(),
  max_uses: z.number().int().nullable(),
  max_uses_per_person: z.number().int().nullable(),
  members_only: z.boolean(),
  active: z.boolean(),
  /** Null: Sentiero's own coupon. */
  operator: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** Orders using it: being paid, paid or issued (a failed or expired one gives its use back). */
  uses: z.number().int(),
  created_at: z.string(),
});
export type ConsoleCoupon = z.infer<typeof ZConsoleCoupon>;

export const consoleCoupons = defineEndpoint({
  path: '/console/coupons',
  kind: 'read',
  access: 'coupons.manage',
  tag: 'console',
  summary:
    'The coupons the staff member may manage, newest first, 25 a page, with their uses: by code (its beginning), state and operator (`sentiero` for Sentiero’s own, an admin’s).',
  input: z.object({
    lng: ZLanguageParam,
    page: ZPageParam,
    code: z.string().trim().toUpperCase().max(40).optional(),
    state: z.enum(COUPON_STATES, field('invalid')).optional(),
    operator: z.union([z.literal('sentiero'), ZId]).optional(),
  }),
  output: z.object({ coupons: z.array(ZConsoleCoupon), ...ZPaging }),
});

const ZChoiceRef = z.object({ id: z.number().int(), name: z.string() });

export const consoleCouponChoices = defineEndpoint({
  path: '/console/coupon/choices',
  kind: 'read',
  access: 'coupons.manage',
  tag: 'console',
  summary:
    "What a coupon may be for: the operators the staff member makes coupons for (and whether they may make Sentiero's own), the chosen operator's areas with their tickets within the staff member's scope, and the categories.",
  input: z.object({ lng: ZLanguageParam, operator_id: ZId.optional() }),
  output: z.object({
    operators: z.array(ZChoiceRef),
    sentiero: z.boolean(),
    areas: z.array(ZChoiceRef.extend({ tickets: z.array(ZChoiceRef) })),
    categories: z.array(ZChoiceRef),
  }),
});

export const consoleCouponCreate = defineEndpoint({
  path: '/console/coupon/create',
  kind: 'write',
  access: 'coupons.manage',
  tag: 'console',
  summary:
    "Makes a coupon. An operator's must name some of that operator's tickets or areas; without an operator it is Sentiero's own (admins only) and may reach the whole catalogue. A code already used answers 409 COUPON_CODE_TAKEN.",
  input: ZCouponFields.extend({
    code: ZCouponCode,
    /** None: Sentiero's own coupon. Form-data cannot send null. */
    operator_id: z.preprocess(blankIsNull, ZId.nullable()).default(null),
  }).superRefine(checkCoupon),
  output: z.object({ coupon: ZConsoleCoupon }),
});

export const consoleCouponUpdate = defineEndpoint({
  path: '/console/coupon/update',
  kind: 'write',
  access: 'coupons.manage',
  tag: 'console',
  summary:
    "Changes a coupon's discount, limits and period. Its code and operator stay: orders name the code, and its uses are counted by it.",
  input: ZCouponFields.extend({ id: ZId }).superRefine(checkCoupon),
  output: z.object({ coupon: ZConsoleCoupon }),
});

export const consoleCouponActive = defineEndpoint({
  path: '/console/coupon/active',
  kind: 'write',
  access: 'coupons.manage',
  tag: 'console',
  summary:
    'Deactivates a coupon (checkout refuses it from then on; orders that used it keep their discount) or activates it again.',
  input: z.object({ lng: ZLanguageParam, id: ZId, active: ZFormBoolean }),
  output: z.object({ coupon: ZConsoleCoupon }),
});
