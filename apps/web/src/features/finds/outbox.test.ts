import { describe, expect, it } from 'vitest';
import {
  applyAnswer,
  isStillWaiting,
  mergeWithOutbox,
  type OutboxOp,
  outcomeOf,
  type PhotoRef,
  photoIdsToSend,
  planSync,
  queueDelete,
  queueSave,
  settlePhoto,
  UNNAMED_PHOTO_TTL_MS,
} from './outbox.ts';

type Note = { id: string; updated_at: string; text: string };

const at = (minute: number) => new Date(Date.UTC(2026, 8, 20, 8, minute)).toISOString();
const note = (id: string, minute: number, text = `v${minute}`): Note => ({
  id,
  updated_at: at(minute),
  text,
});

describe('queueing changes on the phone', () => {
  it('keeps only the newest version of a record waiting', () => {
    const first = queueSave(undefined, note('a', 1));
    const second = queueSave(first, note('a', 2));
    expect(second).toEqual({ kind: 'save', id: 'a', record: note('a', 2), at: at(2), sent: false });
  });

  it('forgets a record made on this phone and deleted before it ever left', () => {
    const made = queueSave(undefined, note('a', 1));
    expect(queueDelete(made, 'a', at(2), { onServer: false })).toBeNull();
  });

  it('sends the delete of a record the server may know: synced, or sent once without an answer', () => {
    expect(queueDelete<Note>(undefined, 'a', at(2), { onServer: true })).toEqual({
      kind: 'delete',
      id: 'a',
      at: at(2),
      sent: false,
    });
    const sentOnce: OutboxOp<Note> = { ...queueSave(undefined, note('a', 1)), sent: true };
    expect(queueDelete(sentOnce, 'a', at(2), { onServer: false })).toMatchObject({
      kind: 'delete',
      sent: true,
    });
    // Once sent, a newer save of the same record still counts as sent.
    expect(queueSave(sentOnce, note('a', 3)).sent).toBe(true);
  });
});

describe('what the phone shows', () => {
  const server = [note('a', 1), note('b', 1)];

  it('lays waiting saves and deletes over the server list, marking what is not synced yet', () => {
    const shown = mergeWithOutbox(server, [
      queueSave(undefined, note('a', 5, 'edited offline')),
      queueSave(undefined, note('c', 6, 'new offline')),
      { kind: 'delete', id: 'b', at: at(7), sent: false },
    ]);
    expect(shown).toEqual([
      { ...note('a', 5, 'edited offline'), sync: 'pending' },
      { ...note('c', 6, 'new offline'), sync: 'pending' },
    ]);
  });

  it('shows the server version when it is newer than the waiting change, which will lose there too', () => {
    const newer = [note('a', 9, 'edited on the other phone')];
    expect(
      mergeWithOutbox(newer, [
        queueSave(undefined, note('a', 5)),
        { kind: 'delete', id: 'a', at: at(6), sent: false } as OutboxOp<Note>,
      ]),
    ).toEqual([{ ...newer[0], sync: 'synced' }]);
  });

  it('shows a record once, whether it comes from the server, the outbox or both', () => {
    const same = note('a', 1);
    expect(mergeWithOutbox([same], [queueSave(undefined, same)])).toHaveLength(1);
    expect(mergeWithOutbox([], [])).toEqual([]);
  });
});

describe('after sending', () => {
  it('retries what got no answer or may succeed later, drops what the server refuses for good', () => {
    expect(outcomeOf(200)).toEqual({ ok: true });
    for (const status of ['network', 500, 503, 401, 403, 408, 429] as const)
      expect(outcomeOf(status)).toEqual({ ok: false, retry: true });
    for (const status of [400, 404, 409, 413]) expect(outcomeOf(status)).toEqual({ ok: false, retry: false });
  });

  it('leaves a change made while the request travelled in the outbox', () => {
    const sent = queueSave(undefined, note('a', 1));
    expect(isStillWaiting(sent, sent)).toBe(true);
    expect(isStillWaiting(queueSave(sent, note('a', 2)), sent)).toBe(false);
    expect(isStillWaiting(undefined, sent)).toBe(false);
    expect(isStillWaiting({ kind: 'delete', id: 'a', at: at(1), sent: true }, sent)).toBe(false);
  });

  it("updates the phone's copy of the list with the server's answer", () => {
    const copy = [note('a', 1), note('b', 1)];
    expect(
      applyAnswer(copy, { kind: 'save', record: note('c', 2), deleted: false }).map((n) => n.id),
    ).toEqual(['c', 'a', 'b']);
    expect(applyAnswer(copy, { kind: 'save', record: note('a', 3), deleted: false })[0]).toEqual(
      note('a', 3),
    );
    // The server kept a newer delete: the record goes from the copy.
    expect(applyAnswer(copy, { kind: 'save', record: note('a', 3), deleted: true }).map((n) => n.id)).toEqual(
      ['b'],
    );
    expect(applyAnswer(copy, { kind: 'delete', id: 'a', deleted: true }).map((n) => n.id)).toEqual(['b']);
    expect(applyAnswer(copy, { kind: 'delete', id: 'a', deleted: false })).toEqual(copy);
  });
});

describe('photos taken on the phone', () => {
  type Pictured = Note & { photos: PhotoRef[] };
  const onPhone = (id: string): PhotoRef => ({ id, v: '' });
  const uploaded = (id: string): PhotoRef => ({ id, v: 'abc123' });
  const pictured = (id: string, minute: number, photos: PhotoRef[]): Pictured => ({
    ...note(id, minute),
    photos,
  });
  const waiting = (id: string, queuedAt = 0) => ({ id, queuedAt });
  const order = (steps: ReturnType<typeof planSync<Pictured, Pictured>>['steps']) =>
    steps.map((step) => (step.kind === 'photo' ? `photo ${step.id}` : `${step.kind} ${step.op.id}`));

  it('uploads each photo just before the first record that names it: markers first, then entries', () => {
    const plan = planSync<Pictured, Pictured>(
      [
        queueSave(undefined, pictured('m1', 1, [onPhone('p1'), uploaded('p0')])),
        { kind: 'delete', id: 'm2', at: at(2), sent: false },
      ],
      [
        queueSave(undefined, pictured('e1', 3, [onPhone('p2'), onPhone('p1')])),
        queueSave(undefined, pictured('e2', 4, [])),
      ],
      [waiting('p1'), waiting('p2')],
      1_000,
    );
    expect(order(plan.steps)).toEqual(['photo p1', 'find m1', 'find m2', 'photo p2', 'entry e1', 'entry e2']);
    expect(plan.forget).toEqual([]);
  });

  it('keeps a photo no record names yet for a day (its form may be open), then forgets it', () => {
    const photos = [waiting('fresh', 10_000), waiting('old', 0)];
    const plan = planSync<Pictured, Pictured>([], [], photos, 10_000 + UNNAMED_PHOTO_TTL_MS);
    expect(plan.steps).toEqual([]);
    expect(plan.forget).toEqual(['old']);
  });

  it('gives a waiting record its photo’s version once uploaded, and leaves out one refused for good', () => {
    const op = queueSave(undefined, pictured('m1', 1, [onPhone('p1'), onPhone('p2')]));
    const afterUpload = settlePhoto(op, 'p1', uploaded('p1'));
    expect(afterUpload.kind === 'save' && afterUpload.record.photos).toEqual([uploaded('p1'), onPhone('p2')]);
    const afterRefusal = settlePhoto(afterUpload, 'p2', null);
    expect(afterRefusal.kind === 'save' && afterRefusal.record.photos).toEqual([uploaded('p1')]);
    // Still the change that was queued: it settles when its answer comes.
    expect(isStillWaiting(afterRefusal, op)).toBe(true);
  });

  it('sends the photos the server knows or that are still on the phone, never a lost one', () => {
    const record = pictured('m1', 1, [uploaded('p0'), onPhone('p1'), onPhone('lost')]);
    expect(photoIdsToSend(record, new Set(['p1']))).toEqual(['p0', 'p1']);
  });
});
