import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api-client.ts';
import { useCurrentLanguage } from '../../lib/i18n.ts';

/** The member's waiting lists (ADR 050): asked again on every visit, positions move. */
const waitlistsQueryKey = ['waitlist', 'mine'] as const;

export const useMyWaitlists = () => {
  const language = useCurrentLanguage();
  return useQuery({
    queryKey: [...waitlistsQueryKey, language],
    queryFn: ({ signal }) => callApi('ticketWaitlistMine', { lng: language }, { signal }),
    staleTime: 0,
  });
};

export const useWaitlistOffer = (token: string) => {
  const language = useCurrentLanguage();
  return useQuery({
    queryKey: [...waitlistsQueryKey, 'offer', language, token],
    queryFn: ({ signal }) => callApi('ticketWaitlistOffer', { lng: language, token }, { signal }),
    retry: false,
  });
};

export function useLeaveWaitlist() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi('ticketWaitlistLeave', { id }),
    onSuccess: () => client.invalidateQueries({ queryKey: waitlistsQueryKey }),
  });
}

export function useDeclineOffer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => callApi('ticketWaitlistDecline', { token }),
    onSuccess: () => client.invalidateQueries({ queryKey: waitlistsQueryKey }),
  });
}
