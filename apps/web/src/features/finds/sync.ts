import type { ApiOutput } from '@sentiero/contract/api';
import type { Find } from '@sentiero/contract/finds';
import type { NotebookEntry } from '@sentiero/contract/notebook';
import type { SpeciesCode } from '@sentiero/contract/species';
import { callApi } from '../../lib/api-client.ts';
import { ApiRequestError } from '../../lib/api-error.ts';
import { applyAnswer, isStillWaiting, type OutboxOp, outcomeOf } from './outbox.ts';
import { markSent, type RecordKind, readOps, settleOp, updateCopy } from './store.ts';

export type FindList = ApiOutput<'findList'>;
export type NotebookList = ApiOutput<'notebookList'>;

export const FINDS_COPY = 'finds';
export const notebookCopy = (season: number) => `notebook|${season}`;

/** A request that never got an answer: no network (fetch throws a TypeError) or the phone says so. */
export function isNetworkFailure(error: unknown): boolean {
  if (error instanceof ApiRequestError) return false;
  return error instanceof TypeError || (typeof navigator !== 'undefined' && navigator.onLine === false);
}

const statusOf = (error: unknown): number | 'network' =>
  error instanceof ApiRequestError ? error.status : 'network';

async function sendFind(op: OutboxOp<Find>) {
  if (op.kind === 'delete') {
    const answer = await callApi('findDelete', { id: op.id, deleted_at: op.at });
    return { kind: 'delete' as const, id: op.id, deleted: answer.deleted };
  }
  const { record } = op;
  const answer = await callApi('findSave', {
    id: record.id,
    latitude: record.latitude,
    longitude: record.longitude,
    accuracy_m: record.accuracy_m ?? undefined,
    species_code: (record.species_code as SpeciesCode | null) ?? undefined,
    found_on: record.found_on,
    notes: record.notes,
    updated_at: record.updated_at,
  });
  return { kind: 'save' as const, record: answer.find, deleted: answer.deleted };
}

async function sendEntry(op: OutboxOp<NotebookEntry>) {
  if (op.kind === 'delete') {
    const answer = await callApi('notebookDelete', { id: op.id, deleted_at: op.at });
    return { kind: 'delete' as const, id: op.id, deleted: answer.deleted };
  }
  const { record } = op;
  const answer = await callApi('notebookSave', {
    id: record.id,
    day: record.day,
    area_id: record.area_id ?? undefined,
    find_id: record.find_id ?? undefined,
    species_code: record.species_code as SpeciesCode,
    weight_g: record.weight_g,
    notes: record.notes,
    updated_at: record.updated_at,
  });
  return { kind: 'save' as const, record: answer.entry, deleted: answer.deleted };
}

export type SyncReport = { sent: number; refused: number; offline: boolean };

/**
 * Sends one kind's waiting changes, oldest first, and stops at the first that gets no answer
 * (the network is gone: the rest would fail the same way). A change the server refuses for good
 * is dropped and counted, so one broken record never blocks the others.
 */
async function sendKind<T extends Find | NotebookEntry>(
  member: number,
  kind: RecordKind,
  send: (
    op: OutboxOp<T>,
  ) => Promise<
    { kind: 'save'; record: T; deleted: boolean } | { kind: 'delete'; id: string; deleted: boolean }
  >,
  copyOf: (op: OutboxOp<T>) => string,
  report: SyncReport,
): Promise<void> {
  for (const op of await readOps<T>(member, kind)) {
    await markSent(member, kind, op);
    let answer: Awaited<ReturnType<typeof send>>;
    try {
      answer = await send(op);
    } catch (error) {
      const outcome = outcomeOf(statusOf(error));
      if (outcome.ok || outcome.retry) {
        report.offline = statusOf(error) === 'network';
        return;
      }
      report.refused += 1;
      await settleOp(member, kind, op, isStillWaiting);
      continue;
    }
    // The phone's copy first: with the network gone again the record is still shown.
    await updateCopy<{ finds?: T[]; entries?: T[] }>(member, copyOf(op), (copy) => {
      const key = 'finds' in copy ? 'finds' : 'entries';
      return { ...copy, [key]: applyAnswer((copy[key] ?? []) as T[], answer) };
    });
    await settleOp(member, kind, op, isStillWaiting);
    report.sent += 1;
  }
}

const running = new Map<number, Promise<SyncReport>>();

/** Sends the member's outbox: markers first (an entry may name one), then notebook entries. */
export function syncOutbox(member: number): Promise<SyncReport> {
  const current = running.get(member);
  if (current) return current;
  const run = (async () => {
    const report: SyncReport = { sent: 0, refused: 0, offline: false };
    await sendKind<Find>(member, 'find', sendFind, () => FINDS_COPY, report);
    if (!report.offline) {
      await sendKind<NotebookEntry>(
        member,
        'entry',
        sendEntry,
        (op) =>
          notebookCopy(Number((op.kind === 'save' ? op.record.day : new Date().toISOString()).slice(0, 4))),
        report,
      );
    }
    return report;
  })().finally(() => running.delete(member));
  running.set(member, run);
  return run;
}
