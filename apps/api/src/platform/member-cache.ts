import type { Database, Db, ListenOptions } from '@sentiero/db/client';

/**
 * What the API reads of a member on nearly every call (the session, the account, the Sentiero+
 * membership), kept in this process's memory for a short while. Every write to those rows, from
 * any process or job, is announced by the database (`member_changed`, migration 0016) and the
 * member is forgotten here at once; while the announcements cannot be heard (the listening
 * connection broke, or stopped hearing its own heartbeat), nothing is kept at all. Rows are kept, never decisions: what depends on the
 * time (a session's expiry, a trial's end) is decided again on every call. See ADR 023.
 */
export type MemberCache = {
  /**
   * How many changes this process has heard. A member's value read from the database while that
   * member changed may be older than the change: `keep` refuses it.
   */
  readonly changes: number;
  read<T>(key: string): T | undefined;
  keep(key: string, memberId: number, value: unknown, changesBeforeReading: number): void;
  forgetMember(memberId: number): void;
};

export const MEMBER_CHANGED_CHANNEL = 'member_changed';
/** Members kept at most: a flood of distinct sessions cannot grow the process without bound. */
const MAX_ENTRIES = 50_000;

type Entry = { value: unknown; memberId: number; expires: number };

export class HeardMemberCache implements MemberCache {
  readonly #ttlMs: number;
  readonly #entries = new Map<string, Entry>();
  readonly #keysOf = new Map<number, Set<string>>();
  /**
   * The count of changes when each member last changed: a read is kept unless its member changed
   * since it began (a busy renewal job changing other members does not stop this one being kept).
   */
  readonly #changedAt = new Map<number, number>();
  /** Changes before this one are no longer told apart by member (everyone, or forgotten ones). */
  #everyoneChangedAt = 0;
  #listening = false;
  #changes = 0;

  constructor(seconds: number) {
    this.#ttlMs = seconds * 1000;
  }

  get changes(): number {
    return this.#changes;
  }

  read<T>(key: string): T | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (entry.expires <= performance.now()) {
      this.#drop(key, entry);
      return undefined;
    }
    return entry.value as T;
  }

  keep(key: string, memberId: number, value: unknown, changesBeforeReading: number): void {
    if (!this.#listening || this.#everyoneChangedAt > changesBeforeReading) return;
    if ((this.#changedAt.get(memberId) ?? 0) > changesBeforeReading) return;
    if (this.#entries.size >= MAX_ENTRIES) this.#dropOldest();
    this.#entries.set(key, { value, memberId, expires: performance.now() + this.#ttlMs });
    let keys = this.#keysOf.get(memberId);
    if (!keys) {
      keys = new Set();
      this.#keysOf.set(memberId, keys);
    }
    keys.add(key);
  }

  forgetMember(memberId: number): void {
    this.#changes += 1;
    this.#changedAt.delete(memberId);
    this.#changedAt.set(memberId, this.#changes);
    if (this.#changedAt.size > MAX_ENTRIES) {
      // The oldest changes go; reads begun before them are refused like after a change to everyone.
      for (const [oldest, at] of this.#changedAt) {
        this.#changedAt.delete(oldest);
        this.#everyoneChangedAt = at;
        if (this.#changedAt.size <= MAX_ENTRIES * 0.9) break;
      }
    }
    const keys = this.#keysOf.get(memberId);
    if (!keys) return;
    this.#keysOf.delete(memberId);
    for (const key of keys) this.#entries.delete(key);
  }

  /** The database's announcement of a change: a member's id, or anything else for everyone. */
  heard(payload: string): void {
    const memberId = Number(payload);
    if (Number.isSafeInteger(memberId) && payload !== '') this.forgetMember(memberId);
    else this.#forgetAll();
  }

  /** Listening again: what is kept from now on will be forgotten when it changes. */
  listening(): void {
    this.#forgetAll();
    this.#listening = true;
  }

  /** Changes may go unheard: nothing is kept, nor answered from memory, until listening again. */
  deaf(): void {
    this.#listening = false;
    this.#forgetAll();
  }

  get size(): number {
    return this.#entries.size;
  }

  #forgetAll(): void {
    this.#changes += 1;
    this.#everyoneChangedAt = this.#changes;
    this.#changedAt.clear();
    this.#entries.clear();
    this.#keysOf.clear();
  }

  #drop(key: string, entry: Entry): void {
    this.#entries.delete(key);
    const keys = this.#keysOf.get(entry.memberId);
    keys?.delete(key);
    if (keys?.size === 0) this.#keysOf.delete(entry.memberId);
  }

  #dropOldest(): void {
    for (const [key, entry] of this.#entries) {
      this.#drop(key, entry);
      if (this.#entries.size < MAX_ENTRIES * 0.9) return;
    }
  }
}

/** Keeps nothing: tests that write rows by hand, and `MEMBER_CACHE_SECONDS=0`. */
const noCache: MemberCache = {
  changes: 0,
  read: () => undefined,
  keep: () => {},
  forgetMember: () => {},
};

const caches = new WeakMap<Db, MemberCache>();

/** The cache kept true by `database`'s announcements; services reach it through their `db`. */
export function memberCacheOf(db: Db): MemberCache {
  return caches.get(db) ?? noCache;
}

/**
 * Starts the cache of `database`'s members for `seconds` each (0: none). The returned function
 * stops listening; the cache then keeps nothing.
 */
export async function startMemberCache(
  database: Database,
  seconds: number,
  options: ListenOptions = {},
): Promise<{ cache: HeardMemberCache; stop: () => Promise<void> }> {
  const cache = new HeardMemberCache(seconds);
  if (seconds <= 0) return { cache, stop: async () => {} };
  caches.set(database.db, cache);
  const stopListening = await database.listen(
    MEMBER_CHANGED_CHANNEL,
    {
      notice: (payload) => cache.heard(payload),
      ready: () => cache.listening(),
      lost: () => cache.deaf(),
    },
    options,
  );
  return {
    cache,
    stop: async () => {
      caches.delete(database.db);
      cache.deaf();
      await stopListening();
    },
  };
}

/**
 * `read` from the cache, or `load` from the database and keep it for the member `memberOf` names.
 * Undefined answers (no such row) are not kept.
 */
export async function readThrough<T>(
  db: Db,
  key: string,
  load: () => Promise<T | undefined>,
  memberOf: (value: T) => number,
): Promise<T | undefined> {
  const cache = memberCacheOf(db);
  const kept = cache.read<T>(key);
  if (kept !== undefined) return kept;
  const changes = cache.changes;
  const loaded = await load();
  if (loaded !== undefined) cache.keep(key, memberOf(loaded), loaded, changes);
  return loaded;
}
