import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db, Transaction } from './client.ts';

const statements = new WeakMap<Db | Transaction, Map<string, unknown>>();

/**
 * A query built once per database and named: Drizzle does not build its SQL again on every call,
 * and PostgreSQL parses and plans it once per connection. For the statements every request
 * runs (the session lookup, the ticket a buyer pays for). `name` must be unique to the SQL.
 *
 * In a transaction the statement is built once per transaction (its connection is the
 * transaction's) but keeps its name, so PostgreSQL still parses it once per connection.
 */
export function preparedOnce<Statement>(
  db: Db | Transaction,
  name: string,
  build: (name: string) => Statement,
): Statement {
  let byName = statements.get(db);
  if (!byName) {
    byName = new Map();
    statements.set(db, byName);
  }
  let statement = byName.get(name) as Statement | undefined;
  if (!statement) {
    statement = build(name);
    byName.set(name, statement);
  }
  return statement;
}

export type PreparedSql<Row> = { execute(values: Record<string, unknown>): Promise<Row[]> };

/** Turns `sql` templates into text and parameters; it holds no state of its own. */
const dialect = new PgDialect();

/**
 * `preparedOnce` for raw SQL: the statements the query builder cannot write (CTEs that write
 * several tables, calls of our functions). Values are `sql.placeholder(name)`, given to
 * `execute`; anything interpolated otherwise becomes part of the statement, the same on every
 * call. Rows come back as PostgreSQL names them, without Drizzle's mapping.
 */
export function preparedSql<Row>(db: Db | Transaction, name: string, build: () => SQL): PreparedSql<Row> {
  return preparedOnce(db, name, (statementName) => {
    const prepared = db._.session.prepareQuery(dialect.sqlToQuery(build()), undefined, statementName, false);
    return {
      async execute(values: Record<string, unknown>) {
        // Both drivers answer a query without selected fields with their raw result.
        const result = (await prepared.execute(values)) as unknown as { rows: Row[] };
        return result.rows;
      },
    };
  });
}
