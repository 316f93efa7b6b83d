import type { ApiInput, ApiOutput } from '@sentiero/contract/api';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api-client.ts';

/*
 * The console's inbox, applications and operators (issue 23): queries and the changes that
 * read them again.
 */

export type InboxFilters = Omit<ApiInput<'consoleInbox'>, 'lng'>;
export type InboxPage = ApiOutput<'consoleInbox'>;
export type InboxThread = ApiOutput<'consoleInboxThread'>;

export function inboxQueryOptions(filters: InboxFilters) {
  return queryOptions({
    queryKey: ['console', 'inbox', 'list', filters],
    queryFn: () => callApi('consoleInbox', filters),
    placeholderData: keepPreviousData,
  });
}

export const useInbox = (filters: InboxFilters) => useQuery(inboxQueryOptions(filters));

export function inboxThreadQueryOptions(id: number) {
  return queryOptions({
    queryKey: ['console', 'inbox', 'thread', id],
    queryFn: () => callApi('consoleInboxThread', { id }),
  });
}

export const useInboxThread = (id: number) => useQuery(inboxThreadQueryOptions(id));

/** A change of a thread: its answer is the thread as it now is; the list is read again. */
function useThreadChange<Input>(call: (input: Input) => Promise<InboxThread>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (thread) => {
      queryClient.setQueryData(inboxThreadQueryOptions(thread.id).queryKey, thread);
      return queryClient.invalidateQueries({ queryKey: ['console', 'inbox', 'list'] });
    },
  });
}

export const useReplyToThread = () =>
  useThreadChange((input: ApiInput<'consoleInboxReply'>) => callApi('consoleInboxReply', input));

export const useAssignThread = () =>
  useThreadChange((input: ApiInput<'consoleInboxAssign'>) => callApi('consoleInboxAssign', input));

export const useChangeThreadState = () =>
  useThreadChange((input: ApiInput<'consoleInboxState'>) => callApi('consoleInboxState', input));

/** The answers on screen are seen: the list no longer shows the thread as having an unread answer. */
export const useMarkAnswersSeen = () =>
  useThreadChange((input: ApiInput<'consoleInboxSeen'>) => callApi('consoleInboxSeen', input));

export type ApplicationsPage = ApiOutput<'consoleApplications'>;
export type ApplicationDetail = ApiOutput<'consoleApplication'>;

export function useApplications(input: Omit<ApiInput<'consoleApplications'>, 'lng'>) {
  return useQuery({
    queryKey: ['console', 'applications', 'list', input],
    queryFn: () => callApi('consoleApplications', input),
    placeholderData: keepPreviousData,
  });
}

export function useApplication(id: number) {
  return useQuery({
    queryKey: ['console', 'applications', 'one', id],
    queryFn: () => callApi('consoleApplication', { id }),
  });
}

/** A review changes the application, the list and, for an approval, the operators. */
function useReview<Input, Output>(call: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['console', 'applications'] }),
        queryClient.invalidateQueries({ queryKey: ['console', 'operators'] }),
      ]),
  });
}

export const useApproveApplication = () =>
  useReview((input: ApiInput<'consoleApplicationApprove'>) => callApi('consoleApplicationApprove', input));

export const useRejectApplication = () =>
  useReview((input: ApiInput<'consoleApplicationReject'>) => callApi('consoleApplicationReject', input));

export type OperatorsPage = ApiOutput<'consoleOperators'>;
export type OperatorDetail = ApiOutput<'consoleOperator'>;

export function useOperators(input: Omit<ApiInput<'consoleOperators'>, 'lng'>) {
  return useQuery({
    queryKey: ['console', 'operators', 'list', input],
    queryFn: () => callApi('consoleOperators', input),
    placeholderData: keepPreviousData,
  });
}

export function useOperator(id: number) {
  return useQuery({
    queryKey: ['console', 'operators', 'one', id],
    queryFn: () => callApi('consoleOperator', { id }),
  });
}
