import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

/** The entity tag of an answer's body: what @fastify/etag sends and what the cache stores. */
export function etagHash(payload: string | Buffer): string {
  return createHash('sha1').update(payload).digest('base64');
}

export type CachedAnswer = { body: string; etag: string };

/** Answers kept at most this many bytes in all: a flood of distinct searches cannot grow the process. */
const MAX_BYTES = 16 * 1024 * 1024;

/**
 * Public reads answered from memory for a few seconds. The same answers go out with
 * `Cache-Control: public, max-age=300`, so any browser or proxy may already keep them far longer;
 * this process keeping them for `seconds` changes nothing a visitor sees, and a burst of visitors
 * on one page costs the database one query per page, language and period instead of one each.
 *
 * An answer is keyed by the language the request resolved to and its full URL with origin (the
 * origin may appear in links): the same URL always passes the same validation, so only
 * successful answers are stored and a hit skips validation, the session lookup and the database.
 * Entries expire on their own and the oldest go first when the byte budget is full.
 */
export class PublicCache {
  readonly #ttlMs: number;
  readonly #entries = new Map<string, CachedAnswer & { expires: number }>();
  readonly #making = new Map<string, Promise<unknown>>();
  #bytes = 0;

  constructor(seconds: number) {
    this.#ttlMs = seconds * 1000;
  }

  get enabled(): boolean {
    return this.#ttlMs > 0;
  }

  key(request: FastifyRequest): string {
    return `${request.lang} ${request.protocol}://${request.host}${request.url}`;
  }

  get(key: string): CachedAnswer | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (entry.expires <= performance.now()) {
      this.#delete(key);
      return undefined;
    }
    return entry;
  }

  set(key: string, body: string): CachedAnswer {
    const answer = { body, etag: `W/"${etagHash(body)}"` };
    if (!this.enabled || body.length > MAX_BYTES / 16) return answer;
    this.#delete(key);
    this.#entries.set(key, { ...answer, expires: performance.now() + this.#ttlMs });
    this.#bytes += body.length + key.length;
    // Map iteration follows insertion: the first entries are the oldest.
    for (const oldest of this.#entries.keys()) {
      if (this.#bytes <= MAX_BYTES) break;
      this.#delete(oldest);
    }
    return answer;
  }

  /**
   * What `make` makes for `key`, made once for all the requests that ask while it is being made:
   * when a kept answer expires under a burst of visitors, each of them would otherwise read the
   * database (or render the page) again. Those requests share its result, or its refusal.
   */
  once<T>(key: string, make: () => Promise<T>): { made: Promise<T>; shared: boolean } {
    const underWay = this.#making.get(key) as Promise<T> | undefined;
    if (underWay) return { made: underWay, shared: true };
    const made = (async () => make())().finally(() => this.#making.delete(key));
    this.#making.set(key, made);
    return { made, shared: false };
  }

  /** Drops expired answers; called on a timer so an idle process gives their memory back. */
  sweep(): void {
    const now = performance.now();
    for (const [key, entry] of this.#entries) if (entry.expires <= now) this.#delete(key);
  }

  get size(): number {
    return this.#entries.size;
  }

  #delete(key: string): void {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#entries.delete(key);
    this.#bytes -= entry.body.length + key.length;
  }
}
