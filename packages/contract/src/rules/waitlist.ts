/*
 * A day's waiting list's limits (ADR 050), without the endpoint's schemas: the event page's
 * calendar offers the list and must not load the schema library for two numbers (issue 21).
 */

/** The largest party one entry may wait for. */
export const WAITLIST_MAX_PARTY = 10;
/** Offers stop, and a held offer ends, this long before the activity's day begins. */
export const WAITLIST_CUTOFF_HOURS = 2;
