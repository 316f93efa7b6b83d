import type pg from 'pg';
import { median, type WrkResult, wrk } from '../wrk.ts';

/*
 * `bench:console`'s order search: `/api/console/orders` by each field, with values taken from
 * the manager's operator (so the manager finds them too), asked in turn by the admin and by the
 * manager through wrk with the session cookie.
 */

/** The search's fields as the contract names them, and two more: the first page and a surname alone. */
export const FIELDS = [
  'order_code',
  'ticket_code',
  'buyer_email',
  'buyer_name',
  'guest_name',
  'fiscal_code',
  'area_id',
  'ticket_id',
  'day',
  'state',
  'no filter',
  'guest surname',
] as const;
export type Field = (typeof FIELDS)[number];

/** Fields that name one order or guest: the manager must find at least one order with each value. */
const EXACT: readonly Field[] = ['order_code', 'ticket_code', 'buyer_email', 'fiscal_code'];

const SAMPLES = 20;

type SampleRow = {
  order_code: string;
  ticket_code: string | null;
  buyer_email: string;
  buyer_name: string;
  guest_name: string;
  fiscal_code: string | null;
  area_id: number;
  ticket_id: number;
  day: string;
};

/** The operator with the most orders: the scope that costs the manager's queries most. */
export async function busiestOperator(client: pg.Client): Promise<{ id: number; orders: number }> {
  const { rows } = await client.query<{ id: number; orders: number }>(
    `select a.operator_id as id, count(distinct l.order_id)::int as orders
       from order_lines l join tickets t on t.id = l.ticket_id join areas a on a.id = t.area_id
      where a.slug like 'bench-area-%' group by a.operator_id order by orders desc limit 1`,
  );
  const row = rows[0];
  if (!row) throw new Error('no generated operator has orders');
  return row;
}

/** Query strings for each field: `SAMPLES` values from the operator's guests, asked in turn. */
export async function searchPaths(client: pg.Client, operatorId: number): Promise<Map<Field, string[]>> {
  const { rows } = await client.query<SampleRow>(
    `select o.code as order_code, i.code as ticket_code, u.email as buyer_email,
            u.first_name || ' ' || u.last_name as buyer_name, l.guest_name, l.fiscal_code,
            t.area_id, l.ticket_id, l.start_date::text as day
       from order_lines l join tickets t on t.id = l.ticket_id join areas a on a.id = t.area_id
       join orders o on o.id = l.order_id join users u on u.id = o.user_id
       left join issued_tickets i on i.order_line_id = l.id
      where a.operator_id = $1 order by random() limit 400`,
    [operatorId],
  );
  const values = (pick: (row: SampleRow) => string | number | null) =>
    [...new Set(rows.map(pick).filter((value) => value !== null && value !== undefined))]
      .slice(0, SAMPLES)
      .map(String);
  const path = (query: string) => `/api/console/orders?lng=en${query ? `&${query}` : ''}`;
  const by = (name: string, list: string[]) =>
    list.map((value) => path(`${name}=${encodeURIComponent(value)}`));
  const paths = new Map<Field, string[]>();
  for (const field of FIELDS) {
    if (field === 'no filter') paths.set(field, [path(''), path('page=2')]);
    else if (field === 'state')
      paths.set(
        field,
        ['issued', 'paid', 'refunded', 'expired', 'failed', 'pending'].map((state) => path(`state=${state}`)),
      );
    else if (field === 'guest surname')
      paths.set(
        field,
        by(
          'guest_name',
          values((row) => row.guest_name.slice(row.guest_name.indexOf(' ') + 1)),
        ),
      );
    else
      paths.set(
        field,
        by(
          field,
          values((row) => row[field]),
        ),
      );
  }
  return paths;
}

type Answer = { status: number; total: number | null };

async function ask(baseUrl: string, path: string, cookie: string): Promise<Answer> {
  const response = await fetch(`${baseUrl}${path}`, {
    headers: { cookie },
    signal: AbortSignal.timeout(30_000),
  });
  const body = (await response.json().catch(() => null)) as { total?: number } | null;
  return { status: response.status, total: typeof body?.total === 'number' ? body.total : null };
}

/**
 * Each path once per role before the load: every answer 200, and the manager finding each exact
 * value (it is from the manager's operator). Answers the problems found.
 */
export async function checkAnswers(
  baseUrl: string,
  paths: Map<Field, string[]>,
  cookies: { admin: string; manager: string },
): Promise<string[]> {
  const problems: string[] = [];
  for (const [field, list] of paths) {
    for (const path of list) {
      for (const role of ['admin', 'manager'] as const) {
        const answer = await ask(baseUrl, path, cookies[role]);
        if (answer.status !== 200) problems.push(`${role} ${path}: ${answer.status}`);
        else if (EXACT.includes(field) && !answer.total) problems.push(`${role} ${path}: nothing found`);
      }
    }
  }
  return problems;
}

export type FieldResult = { field: Field; admin: WrkResult; manager: WrkResult };

/** `rounds` rounds of each field, the admin's and the manager's side by side; the median round of each. */
export async function measureSearch(
  baseUrl: string,
  paths: Map<Field, string[]>,
  cookies: { admin: string; manager: string },
  { rounds, seconds, connections }: { rounds: number; seconds: number; connections: number },
): Promise<{ health: WrkResult; fields: FieldResult[] }> {
  const run = (list: string[], cookie: string, time = seconds) =>
    wrk(baseUrl, { connections, seconds: time, headers: { Cookie: cookie }, paths: list });
  // Warm-up, not counted: the plans cached, the pages read once.
  for (const list of paths.values()) {
    await run(list, cookies.admin, 1);
    await run(list, cookies.manager, 1);
  }
  const health: WrkResult[] = [];
  const samples = new Map<Field, { admin: WrkResult[]; manager: WrkResult[] }>(
    [...paths.keys()].map((field) => [field, { admin: [], manager: [] }]),
  );
  for (let round = 0; round < rounds; round++) {
    health.push(await wrk(`${baseUrl}/api/health`, { connections, seconds }));
    for (const [field, list] of paths) {
      const sample = samples.get(field);
      sample?.admin.push(await run(list, cookies.admin));
      sample?.manager.push(await run(list, cookies.manager));
    }
  }
  return {
    health: median(health),
    fields: [...samples].map(([field, { admin, manager }]) => ({
      field,
      admin: median(admin),
      manager: median(manager),
    })),
  };
}
