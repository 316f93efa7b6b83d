import type { Find } from '@sentiero/contract/finds';
import type { NotebookEntry } from '@sentiero/contract/notebook';
import { findDaysOverLimit, summariseSeason } from '@sentiero/contract/rules/notebook-season';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { callApi } from '../../lib/api-client.ts';
import { isNetworkFailure } from '../../lib/api-error.ts';
import { useAuthStore } from '../../lib/auth-store.ts';
import { useCurrentLanguage } from '../../lib/i18n.ts';
import { mergeWithOutbox, type OutboxOp, queueDelete, queueSave, type Shown } from './outbox.ts';
import { readCopy, readOp, readOps, writeCopy, writeOp } from './store.ts';
import {
  FINDS_COPY,
  type FindList,
  type NotebookList,
  notebookCopy,
  type SyncReport,
  syncOutbox,
} from './sync.ts';

/*
 * The member's finds and notebook as the screens read them: the server's list when there is a
 * network (kept on the phone as the last copy), the last copy when there is none, and the
 * changes still waiting on the phone laid over either. Writes go to the phone first, then out.
 */

const fieldQueryKey = (member: number) => ['field', member] as const;

export type ShownFind = Shown<Find>;
export type ShownEntry = Shown<NotebookEntry>;
export type Source = 'server' | 'phone';

/** The server's list, or the phone's last copy of it when there is no network. */
async function readList<T>(member: number, copyName: string, load: () => Promise<T>) {
  try {
    const list = await load();
    await writeCopy(member, copyName, list);
    return { list, source: 'server' as Source };
  } catch (error) {
    if (!isNetworkFailure(error)) throw error;
    const copy = await readCopy<T>(member, copyName);
    if (copy === undefined) throw error;
    return { list: copy, source: 'phone' as Source };
  }
}

const newestFirst = (
  a: { found_on: string; updated_at: string },
  b: { found_on: string; updated_at: string },
) => b.found_on.localeCompare(a.found_on) || b.updated_at.localeCompare(a.updated_at);

export function getFindsQueryOptions(member: number, language: string) {
  return queryOptions({
    queryKey: [...fieldQueryKey(member), 'finds', language],
    queryFn: async () => {
      const { list, source } = await readList<FindList>(member, FINDS_COPY, () => callApi('findList', {}));
      const finds = mergeWithOutbox(list.finds, await readOps<Find>(member, 'find')).sort(newestFirst);
      return { finds, areas: list.areas, source };
    },
    // Tried even when the browser says it is offline: the failure is what shows the phone's copy.
    networkMode: 'always',
    retry: false,
    staleTime: 0,
  });
}

export function getNotebookQueryOptions(member: number, language: string, season: number) {
  return queryOptions({
    queryKey: [...fieldQueryKey(member), 'notebook', season, language],
    queryFn: async () => {
      const { list, source } = await readList<NotebookList>(member, notebookCopy(season), () =>
        callApi('notebookList', { season }),
      );
      const waiting = (await readOps<NotebookEntry>(member, 'entry')).filter(
        (op) => op.kind === 'delete' || op.record.day.startsWith(`${season}-`),
      );
      const entries = mergeWithOutbox(list.entries, waiting).sort(
        (a, b) => b.day.localeCompare(a.day) || a.created_at.localeCompare(b.created_at),
      );
      // The same arithmetic as the server's, so entries made offline count at once.
      const rows = entries.map((entry) => ({
        day: entry.day,
        areaId: entry.area_id,
        speciesCode: entry.species_code,
        weightG: entry.weight_g,
      }));
      const limits = new Map(
        list.areas.flatMap((area) =>
          area.daily_limit_g === null ? [] : [[area.id, area.daily_limit_g] as const],
        ),
      );
      return {
        season,
        entries,
        areas: list.areas,
        summary: summariseSeason(rows),
        overLimit: findDaysOverLimit(rows, limits),
        source,
      };
    },
    networkMode: 'always',
    retry: false,
    staleTime: 0,
  });
}

export const useMemberId = () =>
  useAuthStore((state) => (state.isLoggedIn ? (state.user?.id ?? null) : null));

export function useFinds(member: number) {
  return useQuery(getFindsQueryOptions(member, useCurrentLanguage()));
}

export function useNotebook(member: number, season: number) {
  return useQuery(getNotebookQueryOptions(member, useCurrentLanguage(), season));
}

/**
 * Keeps the outbox moving: sends it when the page opens, when the network comes back, and after
 * each change; then reads the lists again. Answers the last report (for "N refused").
 */
export function useFieldSync(member: number) {
  const queryClient = useQueryClient();
  const [report, setReport] = useState<SyncReport | null>(null);
  const sync = useCallback(async () => {
    if (typeof navigator !== 'undefined' && !navigator.onLine) return;
    const next = await syncOutbox(member);
    setReport(next);
    await queryClient.invalidateQueries({ queryKey: fieldQueryKey(member) });
  }, [member, queryClient]);
  useEffect(() => {
    void sync();
    const online = () => void sync();
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, [sync]);
  return { sync, report };
}

/** A write made on the phone: kept there first, shown at once, then sent. */
function useLocalWrite<T extends { id: string; updated_at: string }>(
  member: number,
  kind: 'find' | 'entry',
  sync: () => Promise<void>,
) {
  const queryClient = useQueryClient();
  const save = useCallback(
    async (record: T) => {
      const current = await readOp<T>(member, kind, record.id);
      await writeOp(member, kind, record.id, queueSave(current, record));
      await queryClient.invalidateQueries({ queryKey: fieldQueryKey(member) });
      void sync();
    },
    [member, kind, queryClient, sync],
  );
  const remove = useCallback(
    async (record: Shown<T>) => {
      const current = await readOp<T>(member, kind, record.id);
      const op: OutboxOp<T> | null = queueDelete(current, record.id, new Date().toISOString(), {
        onServer: record.sync === 'synced',
      });
      await writeOp(member, kind, record.id, op);
      await queryClient.invalidateQueries({ queryKey: fieldQueryKey(member) });
      void sync();
    },
    [member, kind, queryClient, sync],
  );
  return { save, remove };
}

export const useFindWrites = (member: number, sync: () => Promise<void>) =>
  useLocalWrite<Find>(member, 'find', sync);
export const useEntryWrites = (member: number, sync: () => Promise<void>) =>
  useLocalWrite<NotebookEntry>(member, 'entry', sync);

/** A GPX or GeoJSON file from the member's computer: online only, it adds markers on the server. */
export async function importFindsFile(file: File) {
  return callApi('findImport', { file } as never);
}
