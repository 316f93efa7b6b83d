import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema.ts';
import { reportQuery } from './timing.ts';

export type Schema = typeof schema;
/** The one query interface the services see, whichever engine is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** What `db.transaction` hands its callback; seeds and repositories accept either. */
export type Transaction = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DatabaseDriver = 'pglite' | 'postgres';

export type Database = {
  db: Db;
  driver: DatabaseDriver;
  migrate(): Promise<void>;
  ping(): Promise<number>;
  /**
   * Raw SQL for pg-boss: a script without values may hold several statements (PGlite `exec`),
   * a statement with values is one parameterised query.
   */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  /**
   * One parameterised statement of SQL we do not write ourselves (pg-boss's job insert), sent as
   * a named prepared statement: PostgreSQL parses and plans it once per connection. The name
   * comes from the text, so a different text is never sent under a name already used.
   */
  executePrepared(text: string, values: unknown[]): Promise<{ rows: unknown[] }>;
  /**
   * Runs `work` while no other process runs work under the same `lockId` (a PostgreSQL advisory
   * lock held on a connection of its own, so `work` may use the whole pool). PGlite has one process.
   */
  exclusively<T>(lockId: number, work: () => Promise<T>): Promise<T>;
  /**
   * Hears `NOTIFY` on `channel` from every process on this database. `lost` is told whenever
   * notices may have gone unheard (the listening connection broke, or went silent; it reconnects
   * by itself) and `ready` each time it listens again. The returned function stops listening.
   */
  listen(channel: string, listener: NoticeListener, options?: ListenOptions): Promise<() => Promise<void>>;
  close(): Promise<void>;
};

export type NoticeListener = { notice(payload: string): void; ready(): void; lost(): void };
export type ListenOptions = {
  /**
   * How often the listening connection notifies itself, and how long it waits to hear it before
   * it counts as lost (PostgreSQL only; tests shorten it).
   */
  heartbeatMs?: number;
};

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../migrations', import.meta.url));

/** A statement as the driver sends it: `name` when it is a named prepared statement. */
export type SentStatement = { name: string | undefined; text: string; values: unknown[] };

export type OpenDatabaseOptions =
  | {
      driver: 'postgres';
      url: string;
      poolSize?: number;
      /** Told of every statement sent on the pool's connections, as it is sent (tests, benchmarks). */
      onStatement?: (statement: SentStatement) => void;
    }
  /** `dataDir` undefined keeps the database in memory (tests). */
  | { driver: 'pglite'; dataDir?: string };

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.driver === 'postgres') {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 20 });
    // An idle client that loses its server must not crash the process; the next query reports it.
    pool.on('error', () => {});
    // pg-pool listens for errors only on idle clients and inside `pool.query`. A client checked out
    // by `pool.connect()` (every `db.transaction`, the migration lock) has no listener while it is
    // out, so a backend ended between two statements of a transaction (`pg_terminate_backend`, a
    // failover, a restart) emitted an unhandled 'error' and ended the process. Every client gets
    // a listener for life: the error still fails the query in flight or the next one, which
    // answers 503, and the pool drops the broken client when it is released.
    const { onStatement } = options;
    pool.on('connect', (client) => {
      client.on('error', () => {});
      if (onStatement) reportStatements(client, onStatement);
    });
    markConnectFailures(pool);
    timeQueries(pool);
    const db = drizzlePostgres({ client: pool, schema }) as unknown as Db;
    return {
      db,
      driver: 'postgres',
      migrate: () => migrateWithLock(pool),
      ping: () => timeQuery(db),
      executeSql: (text, values) => pool.query(text, values),
      executePrepared: (text, values) => pool.query({ name: statementName(text), text, values }),
      exclusively: (lockId, work) => withAdvisoryLock(options.url, lockId, work),
      listen: (channel, listener, listenOptions) =>
        listenOnConnection(options.url, channel, listener, listenOptions?.heartbeatMs ?? HEARTBEAT_MS),
      close: () => pool.end(),
    };
  }

  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  // The search needs these two extensions (migration 0002).
  const client = await PGlite.create(options.dataDir, { extensions: { unaccent, pg_trgm } });
  timeQueries(client);
  const pgliteDb = drizzlePglite({ client, schema });
  const db = pgliteDb as unknown as Db;
  return {
    db,
    driver: 'pglite',
    migrate: () => migratePglite(pgliteDb, { migrationsFolder: MIGRATIONS_FOLDER }),
    ping: () => timeQuery(db),
    executeSql: async (text, values) => {
      if (values && values.length > 0) return client.query(text, values);
      const results = await client.exec(text);
      return { rows: results.at(-1)?.rows ?? [] };
    },
    executePrepared: (text, values) => client.query(text, values),
    exclusively: (_lockId, work) => work(),
    listen: async (channel, listener) => {
      // One process, one connection: notices are never lost.
      const stop = await client.listen(channel, (payload) => listener.notice(payload));
      listener.ready();
      return stop;
    },
    close: () => client.close(),
  };
}

/**
 * The pool could not hand out a connection (the server refused it, could not be resolved, or
 * timed out): the database is unreachable, whatever the request was.
 */
export class DatabaseUnreachableError extends Error {
  constructor(cause: unknown) {
    super('The database could not be reached', { cause });
    this.name = 'DatabaseUnreachableError';
  }
}

/**
 * A transaction takes its client with `pool.connect()`, and a refused connection there arrives as
 * a bare socket error (ECONNREFUSED), indistinguishable from a payment provider's. Every way of
 * taking a client (the promise form of transactions, the callback form of `pool.query`) reports
 * the failure as `DatabaseUnreachableError`.
 */
function markConnectFailures(pool: pg.Pool): void {
  const checkout = pool.connect.bind(pool) as (
    callback?: (error: Error | undefined, client?: pg.PoolClient, done?: (release?: unknown) => void) => void,
  ) => Promise<pg.PoolClient> | undefined;
  pool.connect = ((callback?: Parameters<typeof checkout>[0]) => {
    if (callback) {
      return checkout((error, client, done) =>
        callback(error ? new DatabaseUnreachableError(error) : undefined, client, done),
      );
    }
    return (checkout() as Promise<pg.PoolClient>).catch((error: unknown) => {
      throw new DatabaseUnreachableError(error);
    });
  }) as typeof pool.connect;
}

const statementNames = new Map<string, string>();

/** `sql_` and the start of the text's SHA-256: the same text, the same name, in every process. */
function statementName(text: string): string {
  let name = statementNames.get(text);
  if (!name) {
    name = `sql_${createHash('sha256').update(text).digest('hex').slice(0, 24)}`;
    statementNames.set(text, name);
  }
  return name;
}

/**
 * Wraps a connection's `query` to tell `onStatement` what it sends. Every statement passes there,
 * whether it came through `pool.query` (Drizzle outside transactions, pg-boss) or a checked-out
 * client (transactions).
 */
function reportStatements(client: pg.PoolClient, onStatement: (statement: SentStatement) => void): void {
  const query = client.query as (...args: unknown[]) => unknown;
  client.query = ((...args: unknown[]) => {
    const [config, values] = args;
    if (typeof config === 'string') {
      onStatement({ name: undefined, text: config, values: Array.isArray(values) ? values : [] });
    } else if (config && typeof config === 'object' && 'text' in config) {
      const { name, text, values: own } = config as { name?: string; text: string; values?: unknown[] };
      onStatement({ name, text, values: Array.isArray(values) ? values : (own ?? []) });
    }
    return query.apply(client, args);
  }) as typeof client.query;
}

/** Several API processes may start at once against one server; only one migrates at a time. */
async function migrateWithLock(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  let failure: Error | undefined;
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await migratePostgres(drizzlePostgres({ client, schema }), { migrationsFolder: MIGRATIONS_FOLDER });
  } catch (error) {
    failure = error instanceof Error ? error : new Error(String(error));
    throw error;
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
    // Released with its error, the client is closed rather than reused (it may hold a broken connection).
    client.release(failure);
  }
}

const MIGRATION_LOCK_ID = 7_302_113;

async function withAdvisoryLock<T>(url: string, lockId: number, work: () => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  // Ended by the server meanwhile, the session's lock is gone with it; the error is not the work's.
  client.on('error', () => {});
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [lockId]);
    return await work();
  } finally {
    await client.end().catch(() => {});
  }
}

const RELISTEN_MS = 1000;
const HEARTBEAT_MS = 5000;

/**
 * A connection of its own that only listens, outside the pool. When it breaks, the listener is
 * told at once (`lost`) and it connects again every second until it listens again (`ready`).
 *
 * A connection can also die without a word: a NAT or a proxy that forgets it sends no reset, and
 * a listener only reads, so nothing would ever fail. TCP keepalive lets the kernel notice in the
 * end; the heartbeat notices within seconds: every `heartbeatMs` the connection notifies itself on
 * a channel only it listens to, and a heartbeat not heard by the next one counts as a break.
 */
async function listenOnConnection(
  url: string,
  channel: string,
  listener: NoticeListener,
  heartbeatMs: number,
): Promise<() => Promise<void>> {
  let client: pg.Client | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  let heartbeat: NodeJS.Timeout | undefined;
  const heartbeatChannel = `${channel}_heartbeat_${randomBytes(6).toString('hex')}`;
  const connect = async (): Promise<void> => {
    const next = new pg.Client({
      connectionString: url,
      keepAlive: true,
      keepAliveInitialDelayMillis: heartbeatMs,
      // Tells this connection apart in pg_stat_activity, whatever it last ran.
      application_name: `listen ${channel}`,
    });
    client = next;
    let broken = false;
    /** The heartbeat sent and not heard yet. */
    let awaited: string | undefined;
    let beats = 0;
    const breaks = () => {
      if (broken || stopped) return;
      broken = true;
      clearInterval(heartbeat);
      listener.lost();
      // A silent connection would wait for ever for `end` to be answered: its socket goes now.
      next.connection.stream.destroy();
      next.end().catch(() => {});
      retry = setTimeout(() => connect().catch(() => {}), RELISTEN_MS);
      retry.unref();
    };
    next.on('error', breaks);
    next.on('end', breaks);
    next.on('notification', (message) => {
      if (message.channel === channel) listener.notice(message.payload ?? '');
      else if (message.channel === heartbeatChannel && message.payload === awaited) awaited = undefined;
    });
    try {
      await next.connect();
      await next.query(`listen ${pg.escapeIdentifier(heartbeatChannel)}`);
      await next.query(`listen ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      breaks();
      throw error;
    }
    if (broken || stopped) return;
    clearInterval(heartbeat);
    heartbeat = setInterval(() => {
      if (awaited !== undefined) return breaks();
      beats += 1;
      awaited = String(beats);
      // Its failure shows as the heartbeat not heard.
      next.query('select pg_notify($1, $2)', [heartbeatChannel, awaited]).catch(() => {});
    }, heartbeatMs);
    heartbeat.unref();
    listener.ready();
  };
  // A first attempt that fails has told `lost` and keeps trying like any other.
  await connect().catch(() => {});
  return async () => {
    stopped = true;
    clearTimeout(retry);
    clearInterval(heartbeat);
    const ending = client?.end().catch(() => {});
    // A connection gone silent never answers the goodbye: its socket is closed after a heartbeat.
    const closing = setTimeout(() => client?.connection.stream.destroy(), heartbeatMs);
    await ending;
    clearTimeout(closing);
  };
}

/** Reports each promise-returning `query` of the pool or client to `measureDatabaseTime`. */
function timeQueries(target: { query: (...args: never[]) => unknown }): void {
  const query = target.query.bind(target) as (...args: unknown[]) => unknown;
  target.query = ((...args: unknown[]) => {
    const result = query(...args);
    return result instanceof Promise ? reportQuery(result) : result;
  }) as typeof target.query;
}

/**
 * Rows of a raw SQL query. Both drivers answer `execute` with an object carrying `rows`; the
 * shared Db type does not know it, so the one cast lives here.
 */
export async function executeRows<Row>(db: Db, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}

async function timeQuery(db: Db): Promise<number> {
  const started = performance.now();
  await db.execute(sql`select 1`);
  return performance.now() - started;
}
