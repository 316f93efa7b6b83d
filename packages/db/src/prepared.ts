import type { Db } from './client.ts';

const statements = new WeakMap<Db, Map<string, unknown>>();

/**
 * A query built once per database and named: Drizzle does not build its SQL again on every call,
 * and PostgreSQL parses and plans it once per connection. For the statements every request
 * runs (the session lookup, the ticket a buyer pays for). `name` must be unique to the SQL.
 */
export function preparedOnce<Statement>(db: Db, name: string, build: (name: string) => Statement): Statement {
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
