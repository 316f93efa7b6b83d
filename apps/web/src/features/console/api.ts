import type { ApiInput, ApiOutput } from '@sentiero/contract/api';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api-client.ts';

/*
 * The console's calls (ADR 028): its own session, apart from the member's, asked of the server
 * rather than kept in the storefront's store.
 */

export const consoleSessionQueryOptions = queryOptions({
  queryKey: ['console', 'session'],
  queryFn: () => callApi('consoleSession', {}),
  staleTime: 0,
});

/** Where this browser's staff session stands, and who it is once complete. */
export function useConsoleSession() {
  return useQuery(consoleSessionQueryOptions);
}

export function useInvitation(token: string) {
  return useQuery({
    queryKey: ['console', 'invitation', token],
    queryFn: () => callApi('consoleInvitation', { token }),
    retry: false,
  });
}

export function useAcceptInvitation() {
  return useMutation({
    mutationFn: (input: ApiInput<'consoleInvitationAccept'>) => callApi('consoleInvitationAccept', input),
  });
}

/**
 * A change of the session's stage: the session is asked again before the caller moves on, even
 * while no screen shows it (the code step does not), so the next screen never reads the old stage.
 */
function useSessionChange<Input, Output>(call: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: consoleSessionQueryOptions.queryKey, refetchType: 'all' }),
  });
}

export const useConsoleLogin = () =>
  useSessionChange((input: ApiInput<'consoleLogin'>) => callApi('consoleLogin', input));

export const useConsoleCode = () => useSessionChange((code: string) => callApi('consoleLoginCode', { code }));

export const useConsoleLogout = () => useSessionChange(() => callApi('consoleLogout', {}));

export function useStartEnrolment() {
  return useMutation({ mutationFn: () => callApi('consoleTwoFactorEnrol', {}) });
}

export type ConsoleMe = ApiOutput<'consoleMe'>;

export function teamQueryOptions(operatorId: number | undefined, page: number, sentiero = false) {
  return queryOptions({
    queryKey: ['console', 'team', sentiero ? 'sentiero' : (operatorId ?? null), page],
    queryFn: () =>
      callApi('consoleTeam', { operator_id: operatorId, page, team: sentiero ? 'sentiero' : 'operator' }),
  });
}

/**
 * An operator's team, a page at a time (the first operator the caller manages when none is
 * named), or Sentiero's own staff for an admin.
 */
export function useTeam(operatorId: number | undefined, page: number, sentiero = false) {
  return useQuery(teamQueryOptions(operatorId, page, sentiero));
}

/** A change of a team: the team's pages are read again after it. */
function useTeamChange<Input, Output>(call: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['console', 'team'] }),
  });
}

export const useInviteToTeam = () =>
  useTeamChange((input: ApiInput<'consoleTeamInvite'>) => callApi('consoleTeamInvite', input));

export const useChangeGrant = () =>
  useTeamChange((input: ApiInput<'consoleTeamGrantChange'>) => callApi('consoleTeamGrantChange', input));

export const useRevokeGrant = () =>
  useTeamChange((input: ApiInput<'consoleTeamGrantRevoke'>) => callApi('consoleTeamGrantRevoke', input));

export function useReauthenticate() {
  return useMutation({
    mutationFn: (input: ApiInput<'consoleReauthenticate'>) => callApi('consoleReauthenticate', input),
  });
}

export type TeamPage = ApiOutput<'consoleTeam'>;
