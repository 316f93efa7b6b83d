import { z } from 'zod';
import { ZCard } from './checkout.ts';
import { ZLanguageParam } from './common.ts';
import { defineEndpoint } from './endpoint.ts';

export {
  PREMIUM_MONTHLY_PRICE_CENTS,
  PREMIUM_TRIAL_DAYS,
  PREMIUM_YEARLY_PRICE_CENTS,
} from './rules/premium-plans.ts';

export const SUBSCRIPTION_TYPES = ['yearly', 'monthly'] as const;
export type SubscriptionType = (typeof SUBSCRIPTION_TYPES)[number];

export const SUBSCRIPTION_STATUSES = [
  'trialing',
  'active',
  'past_due',
  'suspended',
  'canceled',
  'expired',
] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** Where the membership was bought: here, or in a mobile app store (then managed there). */
export const SUBSCRIPTION_SOURCES = ['web', 'apple', 'google'] as const;
export type SubscriptionSource = (typeof SUBSCRIPTION_SOURCES)[number];

/** How a web membership is paid: the offline card simulator, cards through Stripe, or PayPal. */
export const SUBSCRIPTION_PAYMENT_METHODS = ['sandbox', 'card', 'paypal'] as const;
export type SubscriptionPaymentMethod = (typeof SUBSCRIPTION_PAYMENT_METHODS)[number];

/**
 * What a member may do with their membership, in the order the screen offers them: the server
 * answers the ones its state allows now (`ZSubscription.actions`), the web shows those buttons.
 */
export const MEMBERSHIP_CONTROLS = ['resume', 'uncancel', 'change_payment', 'suspend', 'cancel'] as const;
export type MembershipControl = (typeof MEMBERSHIP_CONTROLS)[number];

/**
 * What a Sentiero+ membership switches on (`app/permission` lists them for a member who has it).
 * The member tools of the field (weather alerts, finds map, notebook, guides) use the same names.
 */
export const PREMIUM_BENEFITS = [
  'no_ads',
  'member_discounts',
  'full_growth_table',
  'weather_alerts',
  'finds_map',
  'notebook',
  'guides',
] as const;

const field = (key: string) => ({ error: `field.${key}` });

export const ZPlan = z
  .object({
    subscription_type: z.enum(SUBSCRIPTION_TYPES),
    price_cents: z.number().int(),
    currency: z.literal('EUR'),
    /** Days free before the first charge; 0 when this person already had their trial. */
    trial_days: z.number().int(),
  })
  .meta({ id: 'Plan' });
export type Plan = z.infer<typeof ZPlan>;

/** SPEC section 3, the premium subscription display, with what the screen needs to act on it. */
export const ZSubscription = z
  .object({
    id: z.number().int(),
    status: z.enum(SUBSCRIPTION_STATUSES),
    source: z.enum(SUBSCRIPTION_SOURCES),
    subscription_type: z.enum(SUBSCRIPTION_TYPES),
    /** The plan's price per period, VAT included, in cents. */
    price: z.number().int(),
    currency: z.literal('EUR'),
    start_date: z.string(),
    /** The last day already paid for (or of the trial): benefits last until then. */
    expiry_date: z.string(),
    trial_end_date: z.string().nullable(),
    last_payment: z.object({ date: z.string(), amount_cents: z.number().int() }).nullable(),
    /** Whether the current period has been paid (false during the trial and after a failed renewal). */
    paid: z.boolean(),
    /** Whether the member has the benefits now (the user fetch's `is_premium`). */
    entitled: z.boolean(),
    /** The next charge, when one is planned (none while suspended, canceled or expired). */
    next_charge_date: z.string().nullable(),
    /** After a failed renewal: the day the membership ends unless a charge succeeds. */
    retry_until: z.string().nullable(),
    payment_method: z.enum(SUBSCRIPTION_PAYMENT_METHODS).nullable(),
    /** What the member recognises the payment method by: "Visa •••• 4242", a PayPal address. */
    payment_label: z.string().nullable(),
    /** Bought in an app store: cancel and suspend happen in that app (SPEC section 4). */
    managed_by_store: z.boolean(),
    /** What the member may ask for now (none for an app store's membership or one not approved yet). */
    actions: z.array(z.enum(MEMBERSHIP_CONTROLS)),
    /** PayPal: where to approve the subscription; Stripe: what Stripe.js confirms the card with. */
    redirect_url: z.string().nullable(),
    client_secret: z.string().nullable(),
  })
  .meta({ id: 'Subscription' });
export type Subscription = z.infer<typeof ZSubscription>;

const ZSubscriptionAnswer = z.object({ subscription: ZSubscription });

export const subscriptionPrice = defineEndpoint({
  path: '/app/subscription/price',
  kind: 'read',
  access: 'public',
  cache: 'private',
  tag: 'premium',
  summary:
    'The Sentiero+ plans with their prices (VAT included) and free trial; a member who already had a trial is offered none.',
  input: z.object({ lng: ZLanguageParam }),
  output: z.object({ plans: z.array(ZPlan), trial_available: z.boolean() }),
});

const ZPaymentFields = {
  payment_method: z.enum(SUBSCRIPTION_PAYMENT_METHODS, field('invalid')),
  card: ZCard.optional(),
};

export const subscriptionBuy = defineEndpoint({
  path: '/app/subscription/buy',
  kind: 'write',
  access: 'member',
  tag: 'premium',
  summary:
    'Starts Sentiero+: the free trial at once (one per person, ever), the payment method saved for the first charge at its end. The same idempotency key never makes a second subscription.',
  input: z.object({
    lng: ZLanguageParam,
    subscription_type: z.enum(SUBSCRIPTION_TYPES, field('invalid')),
    ...ZPaymentFields,
    idempotency_key: z.string().trim().min(8).max(100),
  }),
  output: ZSubscriptionAnswer,
});

export const subscriptionInfo = defineEndpoint({
  path: '/app/subscription/info',
  kind: 'read',
  access: 'member',
  cache: 'private',
  tag: 'premium',
  summary: "The member's Sentiero+ membership (the newest), or null.",
  input: z.object({ lng: ZLanguageParam }),
  output: z.object({ subscription: ZSubscription.nullable() }),
});

const memberAction = (path: `/${string}`, summary: string) =>
  defineEndpoint({
    path,
    kind: 'write',
    access: 'member',
    tag: 'premium',
    summary,
    input: z.object({ lng: ZLanguageParam }),
    output: ZSubscriptionAnswer,
  });

export const subscriptionSuspend = memberAction(
  '/app/subscription/suspend',
  'Pauses an active membership: no charge and no benefits while suspended; the days left are kept.',
);
export const subscriptionResume = memberAction(
  '/app/subscription/resume',
  'Resumes a suspended membership with the days it had left.',
);
export const subscriptionCancel = memberAction(
  '/app/subscription/cancel',
  'Cancels the renewal: the membership stays until its last paid day, then expires.',
);
export const subscriptionUncancel = memberAction(
  '/app/subscription/uncancel',
  'Undoes a cancellation before the membership expires.',
);

export const subscriptionPaymentMethod = defineEndpoint({
  path: '/app/subscription/payment-method',
  kind: 'write',
  access: 'member',
  tag: 'premium',
  summary:
    'Replaces the payment method of the membership; after a failed renewal the new one is charged at once.',
  input: z.object({ lng: ZLanguageParam, ...ZPaymentFields }),
  output: ZSubscriptionAnswer,
});

export const subscriptionComplete = defineEndpoint({
  path: '/app/subscription/complete',
  kind: 'write',
  access: 'member',
  tag: 'premium',
  summary:
    'The member is back from the payment provider (PayPal approval, Stripe card confirmation): the membership, approved if the provider says so.',
  input: z.object({ lng: ZLanguageParam }),
  output: ZSubscriptionAnswer,
});

/** Where a page may show an advertisement; never inside the checkout form. */
export const AD_PLACEMENTS = ['home', 'listing', 'event', 'blog', 'growth'] as const;
export type AdPlacement = (typeof AD_PLACEMENTS)[number];

export const ZAd = z
  .object({
    id: z.string(),
    /** Our own (for Sentiero+) or a partner's offer, as the operator configured it. */
    kind: z.enum(['house', 'partner']),
    title: z.string(),
    text: z.string(),
    /** Where the ad leads: a path of ours or a partner's https address. */
    url: z.string(),
    /** Same-origin picture, or null. */
    image: z.string().nullable(),
    cta: z.string(),
  })
  .meta({ id: 'Ad' });
export type Ad = z.infer<typeof ZAd>;

export const adList = defineEndpoint({
  path: '/app/ad/list',
  kind: 'read',
  access: 'public',
  cache: 'private',
  tag: 'premium',
  summary:
    "The advertisements for a page's slot, in the caller's language; none for a Sentiero+ member (no advertising is one of its benefits).",
  input: z.object({ lng: ZLanguageParam, placement: z.enum(AD_PLACEMENTS, field('invalid')) }),
  output: z.object({ ads: z.array(ZAd) }),
});
