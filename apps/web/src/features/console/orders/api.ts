import type { ApiInput, ApiOutput } from '@sentiero/contract/api';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';

/*
 * The console's orders (ADR 033): a search a page at a time, an order's story, what staff do to
 * an order, and a day's manifest. Every change reads the order and the searches again.
 */

export type OrderSearchInput = Omit<ApiInput<'consoleOrders'>, 'lng'>;
export type OrderSearchPage = ApiOutput<'consoleOrders'>;
export type OrderStory = ApiOutput<'consoleOrder'>;
export type OrderChoices = ApiOutput<'consoleOrderChoices'>;
export type ManifestInput = Omit<ApiInput<'consoleManifest'>, 'lng'>;
export type ManifestPage = ApiOutput<'consoleManifest'>;

export function orderSearchQueryOptions(input: OrderSearchInput) {
  return queryOptions({
    queryKey: ['console', 'orders', 'search', input],
    queryFn: () => callApi('consoleOrders', input),
    // The table keeps the last page on screen while the next one comes.
    placeholderData: keepPreviousData,
  });
}

export const useOrderSearch = (input: OrderSearchInput) => useQuery(orderSearchQueryOptions(input));

export function orderStoryQueryOptions(code: string) {
  return queryOptions({
    queryKey: ['console', 'orders', 'story', code],
    queryFn: () => callApi('consoleOrder', { code }),
    retry: false,
  });
}

export const useOrderStory = (code: string) => useQuery(orderStoryQueryOptions(code));

export function useOrderChoices() {
  return useQuery({
    queryKey: ['console', 'orders', 'choices'],
    queryFn: () => callApi('consoleOrderChoices', {}),
    staleTime: 5 * 60_000,
  });
}

export function useManifest(input: ManifestInput | null) {
  return useQuery({
    queryKey: ['console', 'orders', 'manifest', input],
    queryFn: () => callApi('consoleManifest', input as ManifestInput),
    enabled: input !== null,
    placeholderData: keepPreviousData,
  });
}

/** A change of an order: its story, the searches and the manifests are read again after it. */
function useOrderChange<Input, Output>(call: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['console', 'orders'] }),
  });
}

export const useResendTickets = () =>
  useOrderChange((code: string) => callApi('consoleOrderResend', { code }));

export const useMarkPaid = () => useOrderChange((code: string) => callApi('consoleOrderMarkPaid', { code }));

export const useRefund = () =>
  useOrderChange((input: Omit<ApiInput<'consoleOrderRefund'>, 'lng'>) =>
    callApi('consoleOrderRefund', input),
  );

export type OrderExport = ApiOutput<'consoleOrderExports'>['exports'][number];
export type OrderExportRequest = Omit<ApiInput<'consoleOrderExportCreate'>, 'lng'>;

const EXPORTS_KEY = ['console', 'orders', 'exports'];

/**
 * The staff member's exports. While one is being prepared its progress is the database's, asked
 * again every two seconds: a restart of the server or a reload of the page loses nothing.
 */
export function useOrderExports(enabled: boolean) {
  return useQuery({
    queryKey: EXPORTS_KEY,
    queryFn: () => callApi('consoleOrderExports', { page: 1 }),
    enabled,
    refetchInterval: (query) =>
      query.state.data?.exports.some((each) => each.state === 'queued' || each.state === 'running')
        ? 2000
        : false,
  });
}

/** Asks for an export: streamed at once when small, else prepared by the queue and listed. */
export function useRequestExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: OrderExportRequest) => callApi('consoleOrderExportCreate', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: EXPORTS_KEY }),
  });
}
