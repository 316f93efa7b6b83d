import type { ApiInput, ApiOutput } from '@sentiero/contract/api';
import type { Language } from '@sentiero/contract/languages';
import type { Subscription } from '@sentiero/contract/premium';
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { callApi } from '../../lib/api-client.ts';
import { useAuthStore } from '../../lib/auth-store.ts';
import { currentLanguage, useCurrentLanguage } from '../../lib/i18n.ts';
import { afterOwn, type MutationConfig } from '../../lib/mutation-config.ts';
import { refreshUser } from '../../lib/session.ts';
import { MEMBER_QUERY_KEY } from '../../queries/member.ts';
import { useHydrated } from '../../ui/client-only.tsx';

/**
 * Who the plans are asked for. A visitor's answer is public and the `/plus` page is rendered on
 * the server with it; a member's may differ (no trial for someone who already had one), so it is
 * a member query, dropped when the member signs out.
 */
export type PlansViewer = 'visitor' | 'member';

export function getPlansQueryOptions(language: Language, viewer: PlansViewer = 'visitor') {
  return queryOptions({
    queryKey:
      viewer === 'member'
        ? [...MEMBER_QUERY_KEY, 'premium', 'plans', language]
        : ['premium', 'plans', language],
    queryFn: ({ signal }) => callApi('subscriptionPrice', { lng: language }, { signal }),
    staleTime: 5 * 60 * 1000,
  });
}

/**
 * The plans as this browser's viewer sees them. Until the page is hydrated everyone is the
 * visitor the server rendered for, so the first render matches the server's HTML; then a
 * member's own answer replaces it.
 */
export function usePlans() {
  const hydrated = useHydrated();
  const isLoggedIn = useAuthStore((state) => state.isLoggedIn);
  const viewer: PlansViewer = hydrated && isLoggedIn ? 'member' : 'visitor';
  const language = useCurrentLanguage();
  const visitorPlans = useQuery({ ...getPlansQueryOptions(language), enabled: viewer === 'visitor' });
  const memberPlans = useQuery({ ...getPlansQueryOptions(language, 'member'), enabled: viewer === 'member' });
  const plans = viewer === 'member' ? memberPlans : visitorPlans;
  // While a member's own answer loads, the visitor's stays on screen rather than a spinner.
  return plans.data || viewer === 'visitor' ? plans : { ...plans, data: visitorPlans.data };
}

/** The member's membership, or null: every screen that shows or changes it shares this key. */
export const membershipQueryKey = [...MEMBER_QUERY_KEY, 'premium', 'membership'] as const;

export function getMembershipQueryOptions(language: Language) {
  return queryOptions({
    queryKey: [...membershipQueryKey, language],
    queryFn: ({ signal }) => callApi('subscriptionInfo', { lng: language }, { signal }),
  });
}

/** While a membership waits for its provider's confirmation (a webhook), it is asked again this often. */
const CONFIRMATION_POLL_MS = 3000;

/**
 * Only asked for a signed-in member (and only in the browser: member answers are never rendered on
 * the server). `untilEntitled`: a membership still waiting for the provider's confirmation is asked
 * again until it gives the benefits, and then the user is read again (`is_premium`).
 */
export function useMembership({ untilEntitled = false }: { untilEntitled?: boolean } = {}) {
  const hydrated = useHydrated();
  const isLoggedIn = useAuthStore((state) => state.isLoggedIn);
  const query = useQuery({
    ...getMembershipQueryOptions(useCurrentLanguage()),
    enabled: hydrated && isLoggedIn,
    refetchInterval: (current) =>
      untilEntitled && isAwaitingConfirmation(current.state.data?.subscription)
        ? CONFIRMATION_POLL_MS
        : false,
  });
  const entitled = query.data?.subscription?.entitled === true;
  const wasEntitled = useRef(entitled);
  useEffect(() => {
    if (untilEntitled && entitled && !wasEntitled.current) void refreshUser();
    wasEntitled.current = entitled;
  }, [untilEntitled, entitled]);
  return query;
}

/** Bought, not ended, but without benefits yet: the provider has still to confirm it. */
export function isAwaitingConfirmation(subscription: Subscription | null | undefined): boolean {
  return (
    subscription !== null &&
    subscription !== undefined &&
    !subscription.entitled &&
    (subscription.status === 'trialing' || subscription.status === 'active')
  );
}

/**
 * What every change to a membership does to the app's data: the membership as the server now has
 * it in every language's cache entry, the member's plans asked again (a trial used up), and the
 * user fetched again, so `is_premium` (the header's badge, the ads, the banners) follows.
 */
function applyMembership(client: QueryClient, subscription: Subscription) {
  client.setQueryData(getMembershipQueryOptions(currentLanguage()).queryKey, { subscription });
  client.setQueriesData<ApiOutput<'subscriptionInfo'>>({ queryKey: membershipQueryKey }, () => ({
    subscription,
  }));
  void client.invalidateQueries({ queryKey: membershipQueryKey });
  void client.invalidateQueries({ queryKey: [...MEMBER_QUERY_KEY, 'premium', 'plans'] });
  void refreshUser();
}

type MembershipAnswer = { subscription: Subscription };
type Config<V> = MutationConfig<MembershipAnswer, V>;

export type BuyMembershipVariables = {
  purchase: ApiInput<'subscriptionBuy'>;
  /**
   * The membership this same attempt made, still waiting for Stripe to confirm its card: confirmed
   * again, not bought again (a repeated buy answers it without its client secret).
   */
  reusable?: Subscription | null;
  /** Confirms the card with Stripe.js when the answer asks for it; answers the membership as the server then has it. */
  confirmCard(subscription: Subscription, clientSecret: string): Promise<Subscription>;
};

/** The membership's card confirmed by Stripe.js, or back from PayPal: asks the server what came of it. */
export function completeMembership(signal?: AbortSignal) {
  return callApi('subscriptionComplete', {}, { signal });
}

/**
 * Starting Sentiero+: the trial (or the first period) with the chosen plan and way of paying,
 * then the card's confirmation with Stripe.js when the server asks for it. A PayPal answer
 * carries the address to approve it at (`redirect_url`): the screen goes there.
 */
export function useBuyMembership(config: Config<BuyMembershipVariables> = {}) {
  const client = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: async ({
      purchase,
      reusable,
      confirmCard,
    }: BuyMembershipVariables): Promise<MembershipAnswer> => {
      const { subscription } = reusable?.client_secret
        ? { subscription: reusable }
        : await callApi('subscriptionBuy', purchase);
      if (subscription.client_secret && !subscription.redirect_url) {
        return { subscription: await confirmCard(subscription, subscription.client_secret) };
      }
      return { subscription };
    },
    onSuccess: afterOwn(({ subscription }) => {
      if (!subscription.redirect_url) applyMembership(client, subscription);
    }, config.onSuccess),
  });
}

/** Back from PayPal on the confirmation page: the membership as PayPal's approval left it. */
export function useCompleteMembership(config: Config<void> = {}) {
  const client = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: () => completeMembership(),
    onSuccess: afterOwn(({ subscription }) => applyMembership(client, subscription), config.onSuccess),
  });
}

/** The member's own actions on their membership (SPEC section 4), each answering the membership. */
export type MembershipAction = 'suspend' | 'resume' | 'cancel' | 'uncancel';

const ACTION_ROUTES = {
  suspend: 'subscriptionSuspend',
  resume: 'subscriptionResume',
  cancel: 'subscriptionCancel',
  uncancel: 'subscriptionUncancel',
} as const;

export function useMembershipAction(config: Config<MembershipAction> = {}) {
  const client = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: (action: MembershipAction) => callApi(ACTION_ROUTES[action], {}),
    onSuccess: afterOwn(({ subscription }) => applyMembership(client, subscription), config.onSuccess),
  });
}

export type ChangePaymentVariables = {
  change: ApiInput<'subscriptionPaymentMethod'>;
  confirmCard(subscription: Subscription, clientSecret: string): Promise<Subscription>;
};

/** A new way of paying the membership; after a failed renewal the server charges it at once. */
export function useChangeMembershipPayment(config: Config<ChangePaymentVariables> = {}) {
  const client = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: async ({ change, confirmCard }: ChangePaymentVariables): Promise<MembershipAnswer> => {
      const { subscription } = await callApi('subscriptionPaymentMethod', change);
      if (subscription.client_secret && !subscription.redirect_url) {
        return { subscription: await confirmCard(subscription, subscription.client_secret) };
      }
      return { subscription };
    },
    onSuccess: afterOwn(({ subscription }) => {
      if (!subscription.redirect_url) applyMembership(client, subscription);
    }, config.onSuccess),
  });
}
