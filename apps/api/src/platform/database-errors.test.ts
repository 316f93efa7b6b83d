import { openDatabase } from '@sentiero/db/client';
import { DrizzleQueryError, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './database-errors.ts';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });
/** As drizzle wraps every driver error. */
const wrapped = (cause: Error) => new DrizzleQueryError('select 1', [], cause);

describe('telling a lost database connection from a failed request', () => {
  it('knows a terminated backend, a server shutting down and a connection exception', () => {
    for (const code of ['57P01', '57P02', '57P03', '08006', '08001', '53300']) {
      expect(isDatabaseUnavailable(wrapped(withCode('terminating connection', code))), code).toBe(true);
    }
  });

  it('knows a socket the server closed, a client that lost it and a pool that could not connect', () => {
    expect(isDatabaseUnavailable(wrapped(new Error('Connection terminated unexpectedly')))).toBe(true);
    expect(
      isDatabaseUnavailable(new Error('Client has encountered a connection error and is not queryable')),
    ).toBe(true);
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(
      isDatabaseUnavailable(wrapped(withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'))),
    ).toBe(true);
  });

  it('leaves a socket error outside a query to whoever made the connection (a payment provider)', () => {
    const fetchFailed = new TypeError('fetch failed', {
      cause: withCode('connect ECONNREFUSED', 'ECONNREFUSED'),
    });
    expect(isDatabaseUnavailable(fetchFailed)).toBe(false);
  });

  it('leaves a query that failed on its own to be an error of ours', () => {
    expect(isDatabaseUnavailable(wrapped(withCode('duplicate key value', '23505')))).toBe(false);
    expect(isDatabaseUnavailable(wrapped(withCode('invalid byte sequence', '22021')))).toBe(false);
    expect(isDatabaseUnavailable(new Error('something else'))).toBe(false);
    expect(isDatabaseUnavailable('Connection terminated')).toBe(false);
  });
});

describe('a PostgreSQL server that cannot be reached', () => {
  it('makes a transaction fail as the database being unavailable, like a single query', async () => {
    // Port 9 (discard) has no PostgreSQL on these machines: the connection is refused at once.
    const database = await openDatabase({ driver: 'postgres', url: 'postgres://postgres@127.0.0.1:9/none' });
    try {
      const transaction = await database.db
        .transaction(async (tx) => tx.execute(sql`select 1`))
        .catch((e) => e);
      const query = await database.db.execute(sql`select 1`).catch((e) => e);
      expect(isDatabaseUnavailable(transaction)).toBe(true);
      expect(isDatabaseUnavailable(query)).toBe(true);
    } finally {
      await database.close();
    }
  });
});
