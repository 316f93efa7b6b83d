/**
 * The merge rules of the phone's outbox (issue 15: markers and notebook entries made with no
 * network). Pure functions over plain values, so they are tested without a browser; `store.ts`
 * keeps the values in IndexedDB and `sync.ts` sends them.
 *
 * Every record carries an id made on the phone and the phone's time of its last change
 * (`updated_at`). The server keeps the version with the newest time, so sending an operation
 * twice, or late, is harmless: these rules only decide what the phone shows meanwhile and what
 * is still to send.
 */

export type Versioned = { id: string; updated_at: string };

/** A change made on the phone, not yet confirmed by the server. */
export type OutboxOp<T extends Versioned> =
  | {
      kind: 'save';
      id: string;
      record: T;
      /** The phone time of the change: the record's `updated_at`. */
      at: string;
      /** Once sent, the server may know the id even if its answer never arrived. */
      sent: boolean;
    }
  | { kind: 'delete'; id: string; at: string; sent: boolean };

export type SyncState = 'synced' | 'pending';
export type Shown<T> = T & { sync: SyncState };

/** A save replaces whatever was waiting for this id: only the newest version needs to travel. */
export function queueSave<T extends Versioned>(current: OutboxOp<T> | undefined, record: T): OutboxOp<T> {
  return { kind: 'save', id: record.id, record, at: record.updated_at, sent: current?.sent ?? false };
}

/**
 * A delete. A record made on this phone that never left it is simply forgotten (`null`: there is
 * nothing to send); anything the server may know is deleted there as of `at`.
 */
export function queueDelete<T extends Versioned>(
  current: OutboxOp<T> | undefined,
  id: string,
  at: string,
  { onServer }: { onServer: boolean },
): OutboxOp<T> | null {
  if (!onServer && current?.kind === 'save' && !current.sent) return null;
  return { kind: 'delete', id, at, sent: current?.sent ?? false };
}

/**
 * What the phone shows: the server's list (or its last copy) with the waiting changes laid over
 * it. A waiting change older than the server's version is shown as the server has it: it will
 * lose there too.
 */
export function mergeWithOutbox<T extends Versioned>(
  server: readonly T[],
  ops: readonly OutboxOp<T>[],
): Shown<T>[] {
  const shown = new Map<string, Shown<T>>(server.map((record) => [record.id, { ...record, sync: 'synced' }]));
  for (const op of ops) {
    const stored = shown.get(op.id);
    if (stored && stored.updated_at > op.at) continue;
    if (op.kind === 'delete') shown.delete(op.id);
    else shown.set(op.id, { ...op.record, sync: 'pending' });
  }
  return [...shown.values()];
}

/** What to do with an operation after trying to send it. */
export type SendOutcome =
  | { ok: true }
  /** No network, or the server could not answer now: kept, tried again later. */
  | { ok: false; retry: true }
  /** The server refused it for good (invalid, not this member's): dropped. */
  | { ok: false; retry: false };

/**
 * Which failures are worth another try: no answer at all, the server's own trouble (5xx), too
 * many requests, and the membership (401/403: the member may log in again or renew; the change
 * waits on the phone meanwhile). Any other 4xx will be refused again.
 */
export function outcomeOf(status: number | 'network'): SendOutcome {
  if (status === 'network') return { ok: false, retry: true };
  if (status >= 200 && status < 300) return { ok: true };
  const retry = status >= 500 || status === 401 || status === 403 || status === 408 || status === 429;
  return { ok: false, retry };
}

/**
 * Whether the operation that was sent may leave the outbox: only if it is still the one waiting.
 * A change made while it travelled replaced it, and still has to go.
 */
export const isStillWaiting = <T extends Versioned>(waiting: OutboxOp<T> | undefined, sent: OutboxOp<T>) =>
  waiting !== undefined && waiting.kind === sent.kind && waiting.at === sent.at;

/**
 * The phone's copy of the server list after the server answered an operation, so that the
 * record stays shown with the network gone again before the list is read once more.
 */
export function applyAnswer<T extends Versioned>(
  copy: readonly T[],
  answer: { kind: 'save'; record: T; deleted: boolean } | { kind: 'delete'; id: string; deleted: boolean },
): T[] {
  if (answer.kind === 'delete')
    return answer.deleted ? copy.filter((record) => record.id !== answer.id) : [...copy];
  const others = copy.filter((record) => record.id !== answer.record.id);
  return answer.deleted ? others : [answer.record, ...others];
}

// ── Photos ─────────────────────────────────────────────────────────────────────────────────────

/** A photo as a record names it; `v` is empty while the photo is still on the phone only. */
export type PhotoRef = { id: string; v: string };
export type WithPhotos = Versioned & { photos: PhotoRef[] };

/** A photo taken on the phone and kept there (as a Blob) until it is uploaded. */
export type WaitingPhoto = { id: string; queuedAt: number };

/** A photo no waiting record names is kept this long: the form that picked it may still be open. */
export const UNNAMED_PHOTO_TTL_MS = 24 * 60 * 60 * 1000;

export type SyncStep<F extends Versioned, E extends Versioned> =
  | { kind: 'photo'; id: string }
  | { kind: 'find'; op: OutboxOp<F> }
  | { kind: 'entry'; op: OutboxOp<E> };

/** The photos of a waiting save that are still on the phone only. */
const photosOnPhone = <T extends WithPhotos>(op: OutboxOp<T>) =>
  op.kind === 'save' ? op.record.photos.filter((photo) => photo.v === '') : [];

/**
 * What to send, in order: markers before notebook entries (an entry may name a marker), and
 * before each record the photos it names that are still on the phone, so the server knows every
 * photo a record names when the record arrives. A photo named twice goes once; a photo no waiting
 * record names, kept for longer than a day, is forgotten (its form was closed without saving).
 */
export function planSync<F extends WithPhotos, E extends WithPhotos>(
  finds: readonly OutboxOp<F>[],
  entries: readonly OutboxOp<E>[],
  photos: readonly WaitingPhoto[],
  now: number,
): { steps: SyncStep<F, E>[]; forget: string[] } {
  const waiting = new Set(photos.map((photo) => photo.id));
  const planned = new Set<string>();
  const steps: SyncStep<F, E>[] = [];
  const photosFirst = (op: OutboxOp<WithPhotos>) => {
    for (const photo of photosOnPhone(op)) {
      if (!waiting.has(photo.id) || planned.has(photo.id)) continue;
      planned.add(photo.id);
      steps.push({ kind: 'photo', id: photo.id });
    }
  };
  for (const op of finds) {
    photosFirst(op);
    steps.push({ kind: 'find', op });
  }
  for (const op of entries) {
    photosFirst(op);
    steps.push({ kind: 'entry', op });
  }
  const forget = photos
    .filter((photo) => !planned.has(photo.id) && now - photo.queuedAt > UNNAMED_PHOTO_TTL_MS)
    .map((photo) => photo.id);
  return { steps, forget };
}

/**
 * A waiting save once one of its photos was uploaded (`v` known) or refused for good (`null`:
 * the photo is left out, so the record itself still reaches the server).
 */
export function settlePhoto<T extends WithPhotos>(
  op: OutboxOp<T>,
  id: string,
  uploaded: PhotoRef | null,
): OutboxOp<T> {
  if (op.kind !== 'save' || !op.record.photos.some((photo) => photo.id === id)) return op;
  const photos = op.record.photos.flatMap((photo) =>
    photo.id !== id ? [photo] : uploaded ? [uploaded] : [],
  );
  return { ...op, record: { ...op.record, photos } };
}

/**
 * The photo ids a save sends: those the server knows. A photo still on the phone whose Blob is
 * gone (the phone's storage was cleared) is left out rather than have the record refused.
 */
export const photoIdsToSend = (record: WithPhotos, onPhone: ReadonlySet<string>) =>
  record.photos.filter((photo) => photo.v !== '' || onPhone.has(photo.id)).map((photo) => photo.id);

export const namesPhoto = <T extends WithPhotos>(op: OutboxOp<T>, id: string) =>
  op.kind === 'save' && op.record.photos.some((photo) => photo.id === id);
