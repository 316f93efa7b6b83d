import type { ApiInput, ApiOutput } from '@sentiero/contract/api';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api-client.ts';

/*
 * The console's records: staff growth observations (ADR 040), the audit log, and the team's
 * account changes (disable, enable, sign out everywhere).
 */

export function useGrowthAreas(q: string, page: number) {
  return useQuery(
    queryOptions({
      queryKey: ['console', 'growth', 'areas', q, page],
      queryFn: () => callApi('consoleGrowthAreas', { q: q || undefined, page }),
    }),
  );
}

export function useGrowthObservations(areaId: number | undefined, page: number) {
  return useQuery({
    queryKey: ['console', 'growth', 'observations', areaId ?? null, page],
    queryFn: () => callApi('consoleGrowthReports', { area_id: areaId, page }),
    enabled: areaId !== undefined,
  });
}

function useGrowthChange<Input, Output>(call: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['console', 'growth', 'observations'] }),
  });
}

export const useRecordObservation = () =>
  useGrowthChange((input: ApiInput<'consoleGrowthReportRecord'>) =>
    callApi('consoleGrowthReportRecord', input),
  );

export const useCorrectObservation = () =>
  useGrowthChange((input: ApiInput<'consoleGrowthReportCorrect'>) =>
    callApi('consoleGrowthReportCorrect', input),
  );

export type GrowthObservation = ApiOutput<'consoleGrowthReports'>['observations'][number];

export function useAuditLog(filter: ApiInput<'consoleAudit'>) {
  return useQuery({
    queryKey: ['console', 'audit', filter],
    queryFn: () => callApi('consoleAudit', filter),
  });
}

export type AuditLine = ApiOutput<'consoleAudit'>['lines'][number];

function useAccountChange<Input, Output>(call: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['console', 'team'] }),
  });
}

export const useDisableStaff = () =>
  useAccountChange((input: ApiInput<'consoleTeamStaffDisable'>) => callApi('consoleTeamStaffDisable', input));

export const useEnableStaff = () =>
  useAccountChange((input: ApiInput<'consoleTeamStaffEnable'>) => callApi('consoleTeamStaffEnable', input));

export function useLogoutEverywhere() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi('consoleLogoutEverywhere', {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['console', 'session'], refetchType: 'all' }),
  });
}

/** The devices of the operator's rangers, the uses past a maximum, the broken chains (ADR 043). */
export function useRangerDevices() {
  return useQuery({
    queryKey: ['console', 'ranger-devices'],
    queryFn: () => callApi('consoleRangerDevices', {}),
  });
}

export function useRevokeRangerDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi('consoleRangerDeviceRevoke', { id }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['console', 'ranger-devices'] }),
  });
}

export type RangerDevices = ApiOutput<'consoleRangerDevices'>;

/** The inspections of the operator's rangers, of an area and a day when given (ADR 047). */
export function useRangerInspections(filter: ApiInput<'consoleRangerInspections'>) {
  return useQuery({
    queryKey: ['console', 'ranger-inspections', filter],
    queryFn: () => callApi('consoleRangerInspections', filter),
  });
}

export type RangerInspection = ApiOutput<'consoleRangerInspections'>['inspections'][number];
