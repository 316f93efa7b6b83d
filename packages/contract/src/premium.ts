/** SPEC section 9: a free 7-day trial, then about 24.90 euro a year. */
export const PREMIUM_TRIAL_DAYS = 7;
export const PREMIUM_YEARLY_PRICE_CENTS = 2490;
