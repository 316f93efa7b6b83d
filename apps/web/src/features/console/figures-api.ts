import type { ApiInput, ApiOutput } from '@sentiero/contract/api';
import { ROUTES } from '@sentiero/contract/routes';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api-client.ts';
import { figuresByRow } from './figures-logic.ts';

export type { Figures } from './figures-logic.ts';

/*
 * The console's figures and statements (ADR 036): reads of the period or month the address
 * names, and the files to download, which the browser fetches itself with the staff cookie.
 */

export type FiguresInput = Omit<ApiInput<'consoleFigures'>, 'lng'>;
export type StatementAnswer = ApiOutput<'consoleStatement'>;

export function useFigures(input: FiguresInput) {
  return useQuery({
    queryKey: ['console', 'figures', input],
    queryFn: ({ signal }) => callApi('consoleFigures', input, { signal }),
    // The tables come by column (ADR 052); the screen shows them as rows.
    select: figuresByRow,
    // The old figures stay on screen while another period loads: no flash of a spinner.
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export function useStatement(input: { operator_id?: number; month: string }) {
  return useQuery({
    queryKey: ['console', 'statement', input],
    queryFn: ({ signal }) => callApi('consoleStatement', input, { signal }),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export function useSetCommission() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ApiInput<'consoleOperatorCommission'>) => callApi('consoleOperatorCommission', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['console', 'statement'] }),
  });
}

/** Where a file of the figures or of a statement is downloaded from. */
export function downloadUrl(
  name: 'consoleFiguresCsv' | 'consoleStatementCsv' | 'consoleStatementPdf',
  fields: Record<string, string | number | undefined>,
): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) params.set(key, String(value));
  return `/api${ROUTES[name].path}?${params}`;
}
