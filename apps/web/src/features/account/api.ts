import type { ApiInput, ApiOutput } from '@sentiero/contract/api';
import type { RouteName } from '@sentiero/contract/routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api-client.ts';
import { type AuthUser, useAuthStore } from '../../lib/auth-store.ts';
import { afterOwn, type MutationConfig } from '../../lib/mutation-config.ts';
import { refreshUser } from '../../lib/session.ts';
import { forYouQueryKey } from '../../queries/member.ts';
import { useRegions, useSearchFilters } from '../../queries/reference-data.ts';

/**
 * What recommendations can be about: the activity types and the regions, with their names. The
 * same reference queries as the search form and the region picker, so one cache serves all three.
 */
export function usePreferenceChoices() {
  // Two plain queries rather than useQueries: its code would split TanStack's query code out of
  // the home page's first script into a chunk of its own, a larger download (ADR 006).
  const filters = useSearchFilters();
  const regions = useRegions();
  return {
    data:
      filters.data && regions.data
        ? {
            activities: filters.data.activity_list,
            regions: regions.data.region_list,
            countries: regions.data.country_list,
          }
        : undefined,
    isPending: filters.isPending || regions.isPending,
    isError: filters.isError || regions.isError,
    refetch: () => Promise.all([filters.refetch(), regions.refetch()]),
  };
}

/** The signed-in member; member routes are guarded, so null only for the moment of logging out. */
export function useMember(): AuthUser | null {
  return useAuthStore((state) => state.user);
}

/**
 * Keeps the store's member in step with what the server answered. The store is where the user
 * fetch keeps the member (SPEC section 4), so a change the server confirms updates it there
 * rather than asking for the member again.
 */
function rememberMember(user: AuthUser) {
  useAuthStore.getState().setUser(user, user.is_premium);
}

/** Applies a change the server confirmed without sending the whole member back. */
function updateMember(change: Partial<AuthUser>) {
  const { user } = useAuthStore.getState();
  if (user) rememberMember({ ...user, ...change });
}

/** The server ended every session of the member, this one too: signed out here as well. */
const signOut = () => useAuthStore.getState().logout();

type Config<N extends RouteName, V = ApiInput<N>> = MutationConfig<ApiOutput<N>, V>;

/** Email and password; a member with two-factor login gets `two_factor_required` instead. */
export function useLogin(config: Config<'userLogin'> = {}) {
  return useMutation({
    ...config,
    mutationFn: (input: ApiInput<'userLogin'>) => callApi('userLogin', input),
    onSuccess: afterOwn(({ user }) => {
      if (user) rememberMember(user);
    }, config.onSuccess),
  });
}

/** The second step of a two-factor login: the authenticator's code or a recovery code. */
export function useLoginTwoFactor(config: Config<'userLoginTwoFactor'> = {}) {
  return useMutation({
    ...config,
    mutationFn: (input: ApiInput<'userLoginTwoFactor'>) => callApi('userLoginTwoFactor', input),
    onSuccess: afterOwn(({ user }) => rememberMember(user), config.onSuccess),
  });
}

/** Asks for the address of Facebook's login dialog; the browser goes there, so nothing to cache. */
export function useStartFacebookLogin(config: Config<'facebookLogin', void> = {}) {
  return useMutation({ ...config, mutationFn: () => callApi('facebookLogin', {}) });
}

/** The contract caps a referral at 64 characters; a longer one is not worth failing a signup. */
function storedReferral(): string | undefined {
  const referral = useAuthStore.getState().referral;
  return referral && referral.length <= 64 ? referral : undefined;
}

/** A new account, signed in at once, with the referral kept from a `/ref/{refId}` link. */
export function useSignup(config: Config<'userRegister', Omit<ApiInput<'userRegister'>, 'referral'>> = {}) {
  return useMutation({
    ...config,
    mutationFn: (input: Omit<ApiInput<'userRegister'>, 'referral'>) =>
      callApi('userRegister', { ...input, referral: storedReferral() }),
    onSuccess: afterOwn(({ user }) => rememberMember(user), config.onSuccess),
  });
}

/** "Update account": the member as the server now has it (a new email waits for its link). */
export function useUpdateAccount(config: Config<'userEdit'> = {}) {
  return useMutation({
    ...config,
    mutationFn: (input: ApiInput<'userEdit'>) => callApi('userEdit', input),
    onSuccess: afterOwn(({ user }) => rememberMember(user), config.onSuccess),
  });
}

/** The activities and regions the member likes, for recommendations. */
/** The member's preferences; their "for you" row is ranked by them, so it is asked again. */
export function useUpdatePreferences(config: Config<'userTag'> = {}) {
  const client = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: (input: ApiInput<'userTag'>) => callApi('userTag', input),
    onSuccess: afterOwn(({ user }) => {
      rememberMember(user);
      void client.invalidateQueries({ queryKey: forYouQueryKey });
    }, config.onSuccess),
  });
}

/** The member's own newsletter subscription, on or off (double opt-in: on is `pending` first). */
export function useUpdateNewsletter(config: Config<'userNewsletter', boolean> = {}) {
  return useMutation({
    ...config,
    mutationFn: (subscribed: boolean) => callApi('userNewsletter', { subscribed }),
    onSuccess: afterOwn(({ newsletter }) => updateMember({ newsletter }), config.onSuccess),
  });
}

/**
 * The footer's newsletter box, for any address. A member who types their own address changes
 * their own subscription, so the account page shows the new state.
 */
export function useSubscribeNewsletter(config: Config<'userNewsletter', string> = {}) {
  return useMutation({
    ...config,
    mutationFn: (email: string) => callApi('userNewsletter', { subscribed: true, email }),
    onSuccess: afterOwn(({ newsletter }, email) => {
      const { user } = useAuthStore.getState();
      if (user && user.email.toLowerCase() === email.toLowerCase()) updateMember({ newsletter });
    }, config.onSuccess),
  });
}

/**
 * The unsubscribe link of a newsletter mail. The link does not say whose address it is, and it
 * may be the member's who has it open: the member is asked for again.
 */
export function useUnsubscribeNewsletter(token: string, config: Config<'newsletterUnsubscribe', void> = {}) {
  return useMutation({
    ...config,
    mutationFn: () => callApi('newsletterUnsubscribe', { token }),
    onSuccess: afterOwn(() => {
      if (useAuthStore.getState().isLoggedIn) void refreshUser();
    }, config.onSuccess),
  });
}

/** SPEC section 4: a password change ends every session, this one too. */
export function useUpdatePassword(config: Config<'userPasswordUpdate'> = {}) {
  return useMutation({
    ...config,
    mutationFn: (input: ApiInput<'userPasswordUpdate'>) => callApi('userPasswordUpdate', input),
    onSuccess: afterOwn(signOut, config.onSuccess),
  });
}

/** A link to choose a new password; the same answer whether or not the address has an account. */
export function useRequestPasswordRecovery(config: Config<'userPasswordRecovery'> = {}) {
  return useMutation({
    ...config,
    mutationFn: (input: ApiInput<'userPasswordRecovery'>) => callApi('userPasswordRecovery', input),
  });
}

/** The new password of a recovery link; only visitors see that page, so no member to update. */
export function useResetPassword(config: Config<'userPasswordReset'> = {}) {
  return useMutation({
    ...config,
    mutationFn: (input: ApiInput<'userPasswordReset'>) => callApi('userPasswordReset', input),
  });
}

/** Deleting the account ends its sessions: the member is signed out here too. */
export function useDeleteAccount(config: Config<'userDelete'> = {}) {
  return useMutation({
    ...config,
    mutationFn: (input: ApiInput<'userDelete'>) => callApi('userDelete', input),
    onSuccess: afterOwn(signOut, config.onSuccess),
  });
}

/** "It wasn't me": the server logs every device out and locks the password. */
export function useSecureAccount(token: string, config: Config<'userSecure', void> = {}) {
  return useMutation({
    ...config,
    mutationFn: () => callApi('userSecure', { token }),
    onSuccess: afterOwn(signOut, config.onSuccess),
  });
}

/** Turning two-factor login on, first step: a new secret, not in force until a code proves it. */
export function useStartTwoFactorSetup(config: Config<'twoFactorSetup'> = {}) {
  return useMutation({
    ...config,
    mutationFn: (input: ApiInput<'twoFactorSetup'>) => callApi('twoFactorSetup', input),
  });
}

/** The first code proves the secret: two-factor login is on, and the recovery codes come once. */
export function useEnableTwoFactor(config: Config<'twoFactorEnable'> = {}) {
  return useMutation({
    ...config,
    mutationFn: (input: ApiInput<'twoFactorEnable'>) => callApi('twoFactorEnable', input),
    onSuccess: afterOwn(() => updateMember({ two_factor: true }), config.onSuccess),
  });
}

export function useDisableTwoFactor(config: Config<'twoFactorDisable'> = {}) {
  return useMutation({
    ...config,
    mutationFn: (input: ApiInput<'twoFactorDisable'>) => callApi('twoFactorDisable', input),
    onSuccess: afterOwn(() => updateMember({ two_factor: false }), config.onSuccess),
  });
}
