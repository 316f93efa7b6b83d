import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import type { Db } from '@sentiero/db/client';
import { countHit } from './rate-limits-repo.ts';

type Callback = Parameters<FastifyRateLimitStore['incr']>[1];
type RouteOptions = Parameters<FastifyRateLimitStore['child']>[0];

/** A store for @fastify/rate-limit on the counters of rate-limits-repo.ts, one key space per route. */
export function postgresRateLimitStore(db: Db) {
  class PostgresRateLimitStore implements FastifyRateLimitStore {
    readonly prefix: string;

    constructor(_options?: unknown, prefix = 'route:') {
      this.prefix = prefix;
    }

    incr(key: string, callback: Callback, timeWindow: number) {
      countHit(db, `${this.prefix}${key}`, timeWindow).then(
        ({ hits, resetAt }) =>
          callback(null, { current: hits, ttl: Math.max(0, resetAt.getTime() - Date.now()) }),
        (error: Error) => callback(error),
      );
    }

    child(routeOptions: RouteOptions) {
      // The plugin passes the route's options with its method and url (as its Redis store reads them).
      const route = (routeOptions as unknown as { routeInfo: { method: string; url: string } }).routeInfo;
      return new PostgresRateLimitStore(undefined, `route:${route.method}${route.url}:`);
    }
  }
  return PostgresRateLimitStore;
}
