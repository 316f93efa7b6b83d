import type { ApiInput, ApiOutput } from '@sentiero/contract/api';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';

/*
 * The console's catalogue calls (issue 23): lists, the ticket editor's reads and writes. Every
 * change reads the catalogue's queries again, so the list and the editor never disagree.
 */

const CATALOGUE = ['console', 'catalogue'] as const;

export type CatalogueTicketsInput = ApiInput<'consoleCatalogueTickets'>;
export type ConsoleTicket = ApiOutput<'consoleCatalogueTicket'>;
export type TicketDay = ApiOutput<'consoleCatalogueTicketDays'>['days'][number];
export type EditorOptions = ApiOutput<'consoleCatalogueOptions'>;
export type ConsoleArea = ApiOutput<'consoleCatalogueArea'>;
export type CataloguePhoto = ConsoleTicket['photos'][number];
/** What a photo or a rules document belongs to: a ticket or an area. */
export type Subject = { ticket_id: number } | { area_id: number };

export function useCatalogueTickets(input: CatalogueTicketsInput) {
  return useQuery({
    queryKey: [...CATALOGUE, 'tickets', input],
    queryFn: () => callApi('consoleCatalogueTickets', input),
    placeholderData: keepPreviousData,
  });
}

export function useCatalogueAreas() {
  return useQuery({
    queryKey: [...CATALOGUE, 'areas'],
    queryFn: () => callApi('consoleCatalogueAreas', {}),
  });
}

/** A page of the areas, for the areas' list. */
export function useCatalogueAreaPage(page: number) {
  return useQuery({
    queryKey: [...CATALOGUE, 'areas', page],
    queryFn: () => callApi('consoleCatalogueAreas', { page }),
    placeholderData: keepPreviousData,
  });
}

export function useConsoleArea(id: number) {
  return useQuery({
    queryKey: [...CATALOGUE, 'area', id],
    queryFn: () => callApi('consoleCatalogueArea', { id }),
  });
}

export function useEditorOptions() {
  return useQuery({
    queryKey: [...CATALOGUE, 'options'],
    queryFn: () => callApi('consoleCatalogueOptions', {}),
    staleTime: 10 * 60_000,
  });
}

export const ticketQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...CATALOGUE, 'ticket', id],
    queryFn: () => callApi('consoleCatalogueTicket', { id }),
  });

export function useConsoleTicket(id: number) {
  return useQuery(ticketQueryOptions(id));
}

export function useTicketDays(id: number, from: string | undefined, days: number) {
  return useQuery({
    queryKey: [...CATALOGUE, 'days', id, from ?? null, days],
    queryFn: () => callApi('consoleCatalogueTicketDays', { id, from, days }),
    placeholderData: keepPreviousData,
  });
}

/** A change of the catalogue: its queries are read again after it. */
function useCatalogueChange<Input, Output>(call: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CATALOGUE }),
  });
}

export const useCreateTicket = () =>
  useCatalogueChange((input: ApiInput<'consoleCatalogueTicketCreate'>) =>
    callApi('consoleCatalogueTicketCreate', input),
  );

export const useUpdateTicket = () =>
  useCatalogueChange((input: ApiInput<'consoleCatalogueTicketUpdate'>) =>
    callApi('consoleCatalogueTicketUpdate', input),
  );

export const useUpdateArea = () =>
  useCatalogueChange((input: ApiInput<'consoleCatalogueAreaUpdate'>) =>
    callApi('consoleCatalogueAreaUpdate', input),
  );

export const useTicketStatus = () =>
  useCatalogueChange((input: ApiInput<'consoleCatalogueTicketStatus'>) =>
    callApi('consoleCatalogueTicketStatus', input),
  );

export const useSetTicketDay = () =>
  useCatalogueChange((input: ApiInput<'consoleCatalogueTicketDay'>) =>
    callApi('consoleCatalogueTicketDay', input),
  );

export const useUploadPhoto = () =>
  useCatalogueChange((input: ApiInput<'consoleCataloguePhotoUpload'>) =>
    callApi('consoleCataloguePhotoUpload', input),
  );

export const useDeletePhoto = () =>
  useCatalogueChange((input: ApiInput<'consoleCataloguePhotoDelete'>) =>
    callApi('consoleCataloguePhotoDelete', input),
  );

export const useReorderPhotos = () =>
  useCatalogueChange((input: ApiInput<'consoleCataloguePhotoReorder'>) =>
    callApi('consoleCataloguePhotoReorder', input),
  );

export const useUploadRules = () =>
  useCatalogueChange((input: ApiInput<'consoleCatalogueRulesUpload'>) =>
    callApi('consoleCatalogueRulesUpload', input),
  );

export const useDeleteRules = () =>
  useCatalogueChange((input: ApiInput<'consoleCatalogueRulesDelete'>) =>
    callApi('consoleCatalogueRulesDelete', input),
  );

/** What cancelling a day would touch, its stored forecast, and the cancellation made (ADR 049). */
export function useDayCancellationPreview(subject: { ticket_id?: number; area_id?: number }, date: string) {
  return useQuery({
    queryKey: [...CATALOGUE, 'day-cancellation', subject.ticket_id ?? null, subject.area_id ?? null, date],
    queryFn: () => callApi('consoleDayCancellationPreview', { ...subject, date }),
  });
}

/** A cancellation's progress, asked again every few seconds while its run goes on. */
export function useDayCancellationProgress(id: number | null) {
  return useQuery({
    queryKey: [...CATALOGUE, 'day-cancellation-progress', id],
    queryFn: () => callApi('consoleDayCancellation', { id: id ?? 0 }),
    enabled: id !== null,
    refetchInterval: (query) => (query.state.data?.state === 'done' ? false : 3000),
  });
}

export const useCancelDay = () =>
  useCatalogueChange((input: ApiInput<'consoleDayCancel'>) => callApi('consoleDayCancel', input));
