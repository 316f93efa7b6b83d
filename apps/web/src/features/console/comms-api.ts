import type { ApiInput, ApiOutput } from '@sentiero/contract/api';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api-client.ts';

/*
 * The console's coupons, advertisements and newsletter issues (ADR 038): each list a page at a
 * time from the server; each change reads the lists it touches again.
 */

export type CouponPage = ApiOutput<'consoleCoupons'>;
export type ConsoleCoupon = CouponPage['coupons'][number];
export type CouponChoices = ApiOutput<'consoleCouponChoices'>;
export type AdPage = ApiOutput<'consoleAds'>;
export type ConsoleAd = AdPage['ads'][number];
export type IssuePage = ApiOutput<'consoleNewsletterIssues'>;
export type ConsoleIssue = ApiOutput<'consoleNewsletterIssue'>['issue'];

export function useCoupons(input: ApiInput<'consoleCoupons'>) {
  return useQuery({
    queryKey: ['console', 'coupons', input],
    queryFn: () => callApi('consoleCoupons', input),
    placeholderData: (previous) => previous,
  });
}

export function useCouponChoices(operatorId: number | undefined) {
  return useQuery({
    queryKey: ['console', 'coupon-choices', operatorId ?? null],
    queryFn: () => callApi('consoleCouponChoices', { operator_id: operatorId }),
  });
}

/** A change of one kind of thing: its lists are read again after it. */
function useChange<Input, Output>(key: string, call: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['console', key] }),
  });
}

export const useCreateCoupon = () =>
  useChange('coupons', (input: ApiInput<'consoleCouponCreate'>) => callApi('consoleCouponCreate', input));
export const useUpdateCoupon = () =>
  useChange('coupons', (input: ApiInput<'consoleCouponUpdate'>) => callApi('consoleCouponUpdate', input));
export const useSetCouponActive = () =>
  useChange('coupons', (input: ApiInput<'consoleCouponActive'>) => callApi('consoleCouponActive', input));

export function useAds(input: ApiInput<'consoleAds'>) {
  return useQuery({
    queryKey: ['console', 'ads', input],
    queryFn: () => callApi('consoleAds', input),
    placeholderData: (previous) => previous,
  });
}

export const useCreateAd = () =>
  useChange('ads', (input: ApiInput<'consoleAdCreate'>) => callApi('consoleAdCreate', input));
export const useUpdateAd = () =>
  useChange('ads', (input: ApiInput<'consoleAdUpdate'>) => callApi('consoleAdUpdate', input));
export const useSetAdActive = () =>
  useChange('ads', (input: ApiInput<'consoleAdActive'>) => callApi('consoleAdActive', input));
export const useUploadAdImage = () =>
  useChange('ads', (input: ApiInput<'consoleAdImage'>) => callApi('consoleAdImage', input));

export function useIssues(input: ApiInput<'consoleNewsletterIssues'>) {
  return useQuery({
    queryKey: ['console', 'newsletter', 'list', input],
    queryFn: () => callApi('consoleNewsletterIssues', input),
    placeholderData: (previous) => previous,
  });
}

export function issueQueryOptions(id: number) {
  return queryOptions({
    queryKey: ['console', 'newsletter', 'issue', id],
    queryFn: () => callApi('consoleNewsletterIssue', { id }),
    // While the issue is being sent (or waits for its time), its progress is the database's:
    // asked again every two seconds, it survives a restart of the server or of the browser.
    refetchInterval: (query) => {
      const state = query.state.data?.issue.state;
      return state === 'sending' || state === 'scheduled' ? 2000 : false;
    },
  });
}

export const useIssue = (id: number) => useQuery(issueQueryOptions(id));

export function useIssuePreview(id: number, language: string, enabled: boolean) {
  return useQuery({
    queryKey: ['console', 'newsletter', 'preview', id, language],
    queryFn: () =>
      callApi('consoleNewsletterIssuePreview', {
        id,
        language: language as ApiInput<'consoleNewsletterIssuePreview'>['language'],
      }),
    enabled,
    retry: false,
  });
}

export const useCreateIssue = () =>
  useChange('newsletter', (input: ApiInput<'consoleNewsletterIssueCreate'>) =>
    callApi('consoleNewsletterIssueCreate', input),
  );
export const useUpdateIssue = () =>
  useChange('newsletter', (input: ApiInput<'consoleNewsletterIssueUpdate'>) =>
    callApi('consoleNewsletterIssueUpdate', input),
  );
export const useScheduleIssue = () =>
  useChange('newsletter', (input: ApiInput<'consoleNewsletterIssueSchedule'>) =>
    callApi('consoleNewsletterIssueSchedule', input),
  );
export const useCancelIssue = () =>
  useChange('newsletter', (input: ApiInput<'consoleNewsletterIssueCancel'>) =>
    callApi('consoleNewsletterIssueCancel', input),
  );
export const useResumeIssue = () =>
  useChange('newsletter', (input: ApiInput<'consoleNewsletterIssueResume'>) =>
    callApi('consoleNewsletterIssueResume', input),
  );

export function useSendTestIssue() {
  return useMutation({
    mutationFn: (input: ApiInput<'consoleNewsletterIssueTest'>) =>
      callApi('consoleNewsletterIssueTest', input),
  });
}
