import type { Endpoint } from '@sentiero/contract/endpoint';
import { ENDPOINTS } from '@sentiero/contract/endpoints';
import { ERROR_CODES } from '@sentiero/contract/errors';
import { sql } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { TestApp } from '../app.ts';

/** Every endpoint the contract declares (its one list), so that a new one is fuzzed too. */
export async function findContractEndpoints(): Promise<Array<{ name: string; endpoint: Endpoint }>> {
  return Object.entries(ENDPOINTS).map(([name, endpoint]) => ({ name, endpoint }));
}

export const ENCODINGS = ['json', 'urlencoded', 'multipart', 'query'] as const;
export type Encoding = (typeof ENCODINGS)[number];

/** How a form or a query string carries a value that is not a string. */
function formValue(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === null || value === undefined) return '';
  if (Array.isArray(value) && value.every((item) => typeof item !== 'object' || item === null)) {
    return value.map((item) => String(item ?? '')).join(',');
  }
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

const BOUNDARY = 'sentiero-fuzz';

/** `input` sent to `path` the way a browser, a form or a script would send it. */
export function encodeRequest(path: string, input: unknown, encoding: Encoding): InjectOptions {
  const url = `/api${path}`;
  const fields = Object.entries(typeof input === 'object' && input !== null ? input : { value: input });
  switch (encoding) {
    case 'json':
      return {
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(input),
      };
    case 'urlencoded':
      return {
        method: 'POST',
        url,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams(
          fields.map(([key, value]): [string, string] => [key, formValue(value)]),
        ).toString(),
      };
    case 'multipart':
      return {
        method: 'POST',
        url,
        headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
        payload: Buffer.concat([
          ...fields.map(([key, value]) =>
            Buffer.from(
              `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${key.replace(/"/g, '%22')}"\r\n\r\n${formValue(value)}\r\n`,
            ),
          ),
          Buffer.from(`--${BOUNDARY}--\r\n`),
        ]),
      };
    case 'query': {
      const query = new URLSearchParams(
        fields.map(([key, value]): [string, string] => [key, formValue(value)]),
      ).toString();
      return { method: 'GET', url: query ? `${url}?${query}` : url };
    }
  }
}

/** What every refusal must look like: `{ message, code, fields? }`, the code one of the contract's. */
export function describeErrorShapeProblem(response: LightMyRequestResponse): string | null {
  if (!response.headers['content-type']?.toString().startsWith('application/json')) {
    return `content-type ${response.headers['content-type']}`;
  }
  let body: unknown;
  try {
    body = response.json();
  } catch {
    return 'a body that is not JSON';
  }
  if (typeof body !== 'object' || body === null) return 'a body that is not an object';
  const { message, code, fields, ...rest } = body as Record<string, unknown>;
  if (typeof message !== 'string' || message === '') return 'no message';
  if (typeof code !== 'string' || !(ERROR_CODES as readonly string[]).includes(code)) return `code ${code}`;
  if (fields !== undefined) {
    if (typeof fields !== 'object' || fields === null) return 'fields not an object';
    if (Object.values(fields).some((text) => typeof text !== 'string')) return 'a field message not a string';
  }
  if (Object.keys(rest).length > 0) return `other keys: ${Object.keys(rest).join(', ')}`;
  return null;
}

/**
 * A fingerprint of every row a request could write: per table, its row count and the newest
 * transaction that wrote a row (`xmin`), so an insert, an update or a delete all change it.
 * Rate-limit windows are left out: counting a refused request is their job.
 */
export async function createWriteFingerprint(sut: TestApp): Promise<() => Promise<string>> {
  const { rows } = (await sut.database.db.execute(
    sql`select table_name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' and table_name <> 'rate_limit_hits'
        order by table_name`,
  )) as unknown as { rows: Array<{ table_name: string }> };
  const query = rows
    .map(
      ({ table_name }) =>
        `select '${table_name}' as name, count(*)::text || ':' || coalesce(max(t.xmin::text::bigint), 0)::text as print from "${table_name}" t`,
    )
    .join(' union all ');
  // Every insert, update or delete takes a transaction id. While the next id to be given out is the
  // same, nothing was written and the last print still holds: the tables need not be read again.
  let last: { nextXid: string; print: string } | null = null;
  return async () => {
    const nextXid = await nextTransactionId(sut);
    if (last?.nextXid === nextXid) return last.print;
    const result = (await sut.database.db.execute(sql.raw(query))) as unknown as {
      rows: Array<{ name: string; print: string }>;
    };
    last = { nextXid, print: result.rows.map((row) => `${row.name}=${row.print}`).join(' ') };
    return last.print;
  };
}

/** The first transaction id not yet given out; reading it takes none. */
async function nextTransactionId(sut: TestApp): Promise<string> {
  const result = (await sut.database.db.execute(
    sql`select pg_snapshot_xmax(pg_current_snapshot())::text as next`,
  )) as unknown as { rows: Array<{ next: string }> };
  return result.rows[0]?.next ?? '';
}

/** The tables whose prints differ between two fingerprints. */
export function changedTables(before: string, after: string): string[] {
  const earlier = new Set(before.split(' '));
  return after
    .split(' ')
    .filter((entry) => !earlier.has(entry))
    .map((entry) => entry.split('=')[0] ?? entry);
}
