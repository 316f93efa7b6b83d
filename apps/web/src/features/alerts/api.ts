import type { AlertKind } from '@sentiero/contract/alerts';
import type { GrowthLevel } from '@sentiero/contract/growth';
import type { Language } from '@sentiero/contract/languages';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api-client.ts';
import { useAuthStore } from '../../lib/auth-store.ts';
import { MEMBER_QUERY_KEY } from '../../queries/member.ts';

/*
 * The member's alerts (Sentiero+): what they follow, their quiet hours and the push key. Every
 * change answers with the whole state, which replaces the cached one.
 */

const alertsQueryKey = [...MEMBER_QUERY_KEY, 'alerts'] as const;

export function getAlertsQueryOptions(language: Language) {
  return queryOptions({
    queryKey: [...alertsQueryKey, language],
    queryFn: ({ signal }) => callApi('alertList', { lng: language }, { signal }),
  });
}

export type AlertsState = Awaited<ReturnType<typeof callApi<'alertList'>>>;

/** The alerts of a Sentiero+ member; nothing is asked for anyone else. */
export function useAlerts(language: Language) {
  const premium = useAuthStore((state) => state.user?.is_premium ?? false);
  return useQuery({ ...getAlertsQueryOptions(language), enabled: premium });
}

export type FollowChoice = {
  area_id: number;
  kinds: AlertKind[];
  min_level: GrowthLevel;
  by_mail: boolean;
  by_push: boolean;
};

function useAlertsMutation<Variables>(
  language: Language,
  call: (variables: Variables) => Promise<AlertsState>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (state) => {
      queryClient.setQueryData(getAlertsQueryOptions(language).queryKey, state);
      return queryClient.invalidateQueries({ queryKey: alertsQueryKey });
    },
  });
}

export function useFollowArea(language: Language) {
  return useAlertsMutation(language, (choice: FollowChoice) =>
    callApi('alertFollow', { lng: language, ...choice }),
  );
}

export function useUnfollowArea(language: Language) {
  return useAlertsMutation(language, (areaId: number) =>
    callApi('alertUnfollow', { lng: language, area_id: areaId }),
  );
}

export function useQuietHours(language: Language) {
  return useAlertsMutation(language, (hours: { quiet_start: string; quiet_end: string; time_zone: string }) =>
    callApi('alertSettings', { lng: language, ...hours }),
  );
}

/** After a device is added or removed, the count of devices changes. */
function useDeviceMutation<Variables, Result>(call: (variables: Variables) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: alertsQueryKey }),
  });
}

export function useSubscribeDevice(language: Language) {
  return useDeviceMutation((subscription: { endpoint: string; p256dh: string; auth: string }) =>
    callApi('alertPushSubscribe', { lng: language, ...subscription }),
  );
}

export function useUnsubscribeDevice(language: Language) {
  return useDeviceMutation((endpoint: string) =>
    callApi('alertPushUnsubscribe', { lng: language, endpoint }),
  );
}

export function useTestPush(language: Language) {
  return useDeviceMutation(() => callApi('alertPushTest', { lng: language }));
}

/** The link of an alert mail: ends one area's alerts, no login needed. */
export function useUnsubscribeAlert(token: string) {
  return useMutation({ mutationFn: () => callApi('alertUnsubscribe', { token }) });
}
