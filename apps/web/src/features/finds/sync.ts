import type { ApiOutput } from '@sentiero/contract/api';
import type { Find } from '@sentiero/contract/finds';
import type { NotebookEntry } from '@sentiero/contract/notebook';
import type { SpeciesCode } from '@sentiero/contract/species';
import { callApi } from '../../lib/api-client.ts';
import { ApiRequestError } from '../../lib/api-error.ts';
import {
  applyAnswer,
  isStillWaiting,
  namesPhoto,
  type OutboxOp,
  outcomeOf,
  type PhotoRef,
  photoIdsToSend,
  planSync,
  settlePhoto,
} from './outbox.ts';
import {
  listPhotos,
  markSent,
  type RecordKind,
  readOps,
  readPhoto,
  removePhoto,
  settleOp,
  updateCopy,
  updateOp,
} from './store.ts';

export type FindList = ApiOutput<'findList'>;
export type NotebookList = ApiOutput<'notebookList'>;

export const FINDS_COPY = 'finds';
export const notebookCopy = (season: number) => `notebook|${season}`;

const statusOf = (error: unknown): number | 'network' =>
  error instanceof ApiRequestError ? error.status : 'network';

type Answer<T> =
  | { kind: 'save'; record: T; deleted: boolean }
  | { kind: 'delete'; id: string; deleted: boolean };

async function sendFind(op: OutboxOp<Find>, onPhone: ReadonlySet<string>): Promise<Answer<Find>> {
  if (op.kind === 'delete') {
    const answer = await callApi('findDelete', { id: op.id, deleted_at: op.at });
    return { kind: 'delete', id: op.id, deleted: answer.deleted };
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
    photo_ids: photoIdsToSend(record, onPhone),
    updated_at: record.updated_at,
  });
  return { kind: 'save', record: answer.find, deleted: answer.deleted };
}

async function sendEntry(
  op: OutboxOp<NotebookEntry>,
  onPhone: ReadonlySet<string>,
): Promise<Answer<NotebookEntry>> {
  if (op.kind === 'delete') {
    const answer = await callApi('notebookDelete', { id: op.id, deleted_at: op.at });
    return { kind: 'delete', id: op.id, deleted: answer.deleted };
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
    photo_ids: photoIdsToSend(record, onPhone),
    updated_at: record.updated_at,
  });
  return { kind: 'save', record: answer.entry, deleted: answer.deleted };
}

export type SyncReport = { sent: number; refused: number; offline: boolean };

/** Whether to go on after a failure: no (the network is gone, the rest would fail the same way). */
function noteFailure(error: unknown, report: SyncReport): 'stop' | 'refused' {
  const outcome = outcomeOf(statusOf(error));
  if (outcome.ok || outcome.retry) {
    report.offline = statusOf(error) === 'network';
    return 'stop';
  }
  report.refused += 1;
  return 'refused';
}

/**
 * Sends one waiting change and settles it. A change the server refuses for good is dropped and
 * counted, so one broken record never blocks the others. Answers false when the sync must stop.
 */
async function sendRecord<T extends Find | NotebookEntry>(
  member: number,
  kind: RecordKind,
  op: OutboxOp<T>,
  send: (op: OutboxOp<T>) => Promise<Answer<T>>,
  copyName: string,
  report: SyncReport,
): Promise<boolean> {
  await markSent(member, kind, op);
  let answer: Answer<T>;
  try {
    answer = await send(op);
  } catch (error) {
    if (noteFailure(error, report) === 'stop') return false;
    await settleOp(member, kind, op, isStillWaiting);
    return true;
  }
  // The phone's copy first: with the network gone again the record is still shown.
  await updateCopy<{ finds?: T[]; entries?: T[] }>(member, copyName, (copy) => {
    const key = 'finds' in copy ? 'finds' : 'entries';
    return { ...copy, [key]: applyAnswer((copy[key] ?? []) as T[], answer) };
  });
  await settleOp(member, kind, op, isStillWaiting);
  report.sent += 1;
  return true;
}

/**
 * Uploads a photo kept on the phone, and tells the waiting records that name it: its version
 * once uploaded, or to leave it out once refused for good (not an image, over the limits).
 */
async function sendPhoto(
  member: number,
  id: string,
  namedBy: { kind: RecordKind; id: string }[],
  report: SyncReport,
): Promise<PhotoRef | null | 'stop'> {
  const photo = await readPhoto(member, id);
  if (!photo) return null;
  let uploaded: PhotoRef | null;
  try {
    const answer = await callApi('photoUpload', {
      id,
      file: photo.blob,
      keep_location: photo.keepLocation,
    } as never);
    uploaded = { id, v: answer.photo.v };
  } catch (error) {
    if (noteFailure(error, report) === 'stop') return 'stop';
    uploaded = null;
  }
  for (const record of namedBy) {
    await updateOp<Find | NotebookEntry>(member, record.kind, record.id, (op) =>
      settlePhoto(op, id, uploaded),
    );
  }
  await removePhoto(member, id);
  return uploaded;
}

const running = new Map<number, Promise<SyncReport>>();

/**
 * Sends the member's outbox in the order `planSync` gives: markers, then notebook entries (an
 * entry may name a marker), each after the photos it names that are still on the phone.
 */
export function syncOutbox(member: number): Promise<SyncReport> {
  const current = running.get(member);
  if (current) return current;
  const run = (async () => {
    const report: SyncReport = { sent: 0, refused: 0, offline: false };
    const [findOps, entryOps, photos] = await Promise.all([
      readOps<Find>(member, 'find'),
      readOps<NotebookEntry>(member, 'entry'),
      listPhotos(member),
    ]);
    const { steps, forget } = planSync(findOps, entryOps, photos, Date.now());
    for (const id of forget) await removePhoto(member, id);
    const onPhone = new Set(photos.map((photo) => photo.id));
    const uploads = new Map<string, PhotoRef | null>();
    const named = (id: string) => [
      ...findOps.filter((op) => namesPhoto(op, id)).map((op) => ({ kind: 'find' as const, id: op.id })),
      ...entryOps.filter((op) => namesPhoto(op, id)).map((op) => ({ kind: 'entry' as const, id: op.id })),
    ];
    // The photos settled in this run, applied to the change about to be sent.
    const withUploads = <T extends Find | NotebookEntry>(op: OutboxOp<T>) =>
      [...uploads].reduce((changed, [id, uploaded]) => settlePhoto(changed, id, uploaded), op);
    for (const step of steps) {
      if (step.kind === 'photo') {
        const uploaded = await sendPhoto(member, step.id, named(step.id), report);
        if (uploaded === 'stop') break;
        uploads.set(step.id, uploaded);
        continue;
      }
      const carryOn =
        step.kind === 'find'
          ? await sendRecord(
              member,
              'find',
              withUploads(step.op),
              (op) => sendFind(op, onPhone),
              FINDS_COPY,
              report,
            )
          : await sendRecord(
              member,
              'entry',
              withUploads(step.op),
              (op) => sendEntry(op, onPhone),
              notebookCopy(
                Number((step.op.kind === 'save' ? step.op.record.day : new Date().toISOString()).slice(0, 4)),
              ),
              report,
            );
      if (!carryOn) break;
    }
    return report;
  })().finally(() => running.delete(member));
  running.set(member, run);
  return run;
}
