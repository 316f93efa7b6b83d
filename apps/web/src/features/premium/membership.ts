import type { Language } from '@sentiero/contract/languages';
import type { Plan, Subscription, SubscriptionType } from '@sentiero/contract/premium';
import { ApiRequestError } from '../../lib/api-error.ts';
import { formatLocalizedDate } from '../../lib/format.ts';
import { CardNotTakenError, type CardNotTakenReason } from '../../payments/card-confirmation.ts';

/** Whether the member holds a membership that is not over: then `/plus` shows it instead of the plans. */
export function isMembershipRunning(subscription: Subscription | null | undefined): boolean {
  return Boolean(subscription && subscription.status !== 'expired');
}

/**
 * A date of the membership as the reader's language writes it. The API may answer a calendar date
 * (`2026-03-14`) or an instant; an instant is shown as the day it is in Italy, where the company is.
 */
export function formatMembershipDate(value: string, language: Language): string {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return formatLocalizedDate(value, language, 'long');
  const instant = new Date(value);
  if (Number.isNaN(instant.getTime())) return value;
  return new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'Europe/Rome' }).format(instant);
}

/** The plan of a type, if the server offers it. */
export function findPlan(plans: Plan[] | undefined, type: SubscriptionType): Plan | undefined {
  return plans?.find((plan) => plan.subscription_type === type);
}

/** How much less the yearly plan costs than twelve months, in whole percent; undefined when it is not less. */
export function yearlySavingPercent(plans: Plan[] | undefined): number | undefined {
  const yearly = findPlan(plans, 'yearly');
  const monthly = findPlan(plans, 'monthly');
  if (!yearly || !monthly || monthly.price_cents <= 0) return undefined;
  const saving = Math.floor((1 - yearly.price_cents / (monthly.price_cents * 12)) * 100);
  return saving > 0 ? saving : undefined;
}

/** The `plan` parameter of a `/plus` link (the plan a visitor chose before logging in). */
export function planParam(value: string | null): SubscriptionType {
  return value === 'monthly' ? 'monthly' : 'yearly';
}

/**
 * What a screen says when a Sentiero+ call fails:
 * - `login`: the session is gone;
 * - `card`: the card's details are incomplete, or the card was declined (`PAYMENT_DECLINED` too);
 * - `refused`: the server refused with a reason meant for people (MANAGED_BY_STORE,
 *   TRIAL_ALREADY_USED, ALREADY_SUBSCRIBED, NOT_ALLOWED_NOW, PREMIUM_REQUIRED…), shown as it
 *   wrote it, in the member's language;
 * - `unexpected`: anything else (a server error, no network): SPEC section 8's premium message,
 *   'It seems an error occurred, please try again later'.
 */
export type MembershipFailure =
  | { kind: 'login' }
  | { kind: 'card'; problem: CardNotTakenReason }
  | { kind: 'refused'; code: string; message: string }
  | { kind: 'unexpected' };

export function classifyMembershipFailure(error: unknown): MembershipFailure {
  if (error instanceof CardNotTakenError) return { kind: 'card', problem: error.problem };
  if (!(error instanceof ApiRequestError)) return { kind: 'unexpected' };
  if (error.status === 401) return { kind: 'login' };
  if (error.code === 'PAYMENT_DECLINED') return { kind: 'card', problem: 'declined' };
  if (error.status >= 400 && error.status < 500 && error.code !== 'HTTP') {
    return { kind: 'refused', code: error.code, message: Object.values(error.fields)[0] ?? error.message };
  }
  return { kind: 'unexpected' };
}
