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
