// Without zod: the Sentiero+ banner of the event page shows these before the plans arrive, and the
// storefront's JavaScript carries no schema (ADR 004).

/** SPEC section 9: a free 7-day trial, then about 24.90 euro a year. */
export const PREMIUM_TRIAL_DAYS = 7;
export const PREMIUM_YEARLY_PRICE_CENTS = 2490;
/** The monthly plan's default price (issue 14); the operator may change both. */
export const PREMIUM_MONTHLY_PRICE_CENTS = 299;
