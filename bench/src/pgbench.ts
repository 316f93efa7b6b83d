/**
 * The database's own rate for the statements of a buy: `bench:orders` logs what the API sends for
 * probe buys (DATABASE_STATEMENT_LOG), turns those statements into a pgbench script and runs
 * Debian's pgbench with it (`-M prepared`) on the same database, with the API's connections.
 *
 * pgbench makes numbers only (`\set … random()`) and cannot send NULL (it sends the text NULL), so:
 * - per buy it draws a buyer, a hot (ticket, day) and a key; a buyer's session is found by a
 *   token hash that is the buyer's number (sessions written for pgbench), the key also serves as
 *   order code, payment reference, ticket code and share token, all unique as the API's are;
 * - the day and the JSON that hold it come from a table of hot (ticket, day) the benchmark writes,
 *   read by one statement of pgbench's own, and JSON that needs what the order statement answered
 *   (the tickets', with the new order line's id) is made by a second one. `-r` tells how long
 *   those two take;
 * - its capacity is a million places a day: it never sells out, so every transaction is a sale.
 */
import { spawn } from 'node:child_process';
import type { SentStatement } from '../../packages/db/src/client.ts';

/** Debian's pgbench (postgresql-client), the version of the server's packages. */
export const PGBENCH = '/usr/bin/pgbench';

/** One probe buy: the statements the API sent for it, and the values that are its own. */
export type ProbeBuy = {
  statements: SentStatement[];
  tokenHash: string;
  userId: number;
  ticketId: number;
  day: string;
  idempotencyKey: string;
  orderCode: string;
  orderId: number;
  lineId: number;
  ticketCode: string;
  shareToken: string;
};

type Param =
  | { kind: 'constant'; value: string }
  | { kind: 'variable'; name: string }
  /** Per (ticket, day): read from the slots table by the first statement of pgbench's own. */
  | { kind: 'slot'; column: string; template: string }
  /** Per buy, from what the order statement answered: made by the second. */
  | { kind: 'made'; column: string; template: string };

/** A command of the script; `own` when it is not one of the API's statements. */
export type ReplayCommand = { text: string; own: boolean; label: string };

export type Replay = {
  /** The API's statements of one buy, by name (or their first words), in the order sent. */
  statements: string[];
  /** The script's commands in order, as pgbench's `-r` reports them. */
  commands: ReplayCommand[];
  script: string;
  /** pgbench's `-D` values: the parameters that are the same in every buy. */
  constants: Record<string, string>;
  /** Columns of the slots table beside `slot`, `ticket` and `day`, with their templates. */
  slotColumns: { column: string; template: string }[];
};

/** Markers in templates; numbers are written without quotes once filled. */
const NUMBER_MARKERS = ['@ticket@', '@order@', '@line@'];

/** A probe's value with its own parts (day, ticket, order, codes) replaced by markers. */
function templateOf(value: string, probe: ProbeBuy): string {
  const json = value.startsWith('[{') || value.startsWith('{"');
  if (!json) return value.split(probe.day).join('@day@');
  const mark = (key: string, leaf: unknown): unknown => {
    if (typeof leaf === 'string') {
      if (leaf === probe.day) return '@day@';
      if (leaf === probe.ticketCode) return '@code@';
      if (leaf === probe.shareToken) return '@share@';
      return leaf;
    }
    if (typeof leaf === 'number') {
      if (key === 'ticket_id' && leaf === probe.ticketId) return '@ticket@';
      if (leaf === probe.orderId) return '@order@';
      if (leaf === probe.lineId) return '@line@';
    }
    return leaf;
  };
  const walk = (node: unknown, key: string): unknown => {
    if (Array.isArray(node)) return node.map((item) => walk(item, key));
    if (node && typeof node === 'object') {
      return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, walk(v, k)]));
    }
    return mark(key, node);
  };
  let text = JSON.stringify(walk(JSON.parse(value), ''));
  for (const marker of NUMBER_MARKERS) text = text.split(`"${marker}"`).join(marker);
  return text;
}

const MADE_MARKERS = ['@order@', '@line@', '@code@', '@share@'];
const isTimestamp = (value: string) => /^\d{4}-\d\d-\d\dT\d\d:\d\d/.test(value);
const asText = (value: unknown) =>
  value === null || value === undefined ? 'NULL' : typeof value === 'string' ? value : JSON.stringify(value);

/**
 * What a parameter of the API's is in pgbench's script, from its values in the two probes (`a`,
 * `b`) and in a buy of the same (ticket, day) as the first by another buyer (`same`).
 */
function classify(
  [a, b, same]: [unknown, unknown, unknown],
  probes: [ProbeBuy, ProbeBuy],
  capacity: number,
): Param | null {
  const [pa, pb] = probes;
  const [va, vb] = [asText(a), asText(b)];
  const both = (x: unknown, y: unknown) => va === String(x) && vb === String(y);
  if (both(pa.tokenHash, pb.tokenHash)) return { kind: 'variable', name: 'buyer' };
  if (both(pa.userId, pb.userId)) return { kind: 'variable', name: 'user_id' };
  if (both(pa.ticketId, pb.ticketId)) return { kind: 'variable', name: 'slot_ticket' };
  if (both(pa.idempotencyKey, pb.idempotencyKey) || both(pa.orderCode, pb.orderCode))
    return { kind: 'variable', name: 'key' };
  if (both(pa.orderId, pb.orderId)) return { kind: 'variable', name: 'h_order_id' };
  if (both(capacity, capacity)) return { kind: 'variable', name: 'capacity' };
  const template = templateOf(va, pa);
  if (template !== va && templateOf(vb, pb) !== vb) {
    const made = MADE_MARKERS.some((marker) => template.includes(marker));
    return { kind: made ? 'made' : 'slot', column: '', template };
  }
  // The same in every buy, or in every buy of a ticket (its price): the same work whatever it is.
  if (isTimestamp(va) || va === vb || va === asText(same)) return { kind: 'constant', value: va };
  // Text of each buy's own (a payment reference): the buy's key is as unique.
  if (typeof a === 'string' && typeof b === 'string') return { kind: 'variable', name: 'key' };
  return null;
}

/**
 * The statements both probes sent, in order: a statement of one probe only (a lookup only a
 * process's first buy makes, a timer of pg-boss's) is left out.
 */
function sharedStatements(a: SentStatement[], b: SentStatement[]): [SentStatement, SentStatement][] {
  const key = (statement: SentStatement) => statement.name ?? statement.text;
  const inB = new Set(b.map(key));
  const inA = new Set(a.map(key));
  const left = a.filter((statement) => inB.has(key(statement)));
  const right = b.filter((statement) => inA.has(key(statement)));
  if (
    left.length !== right.length ||
    left.some((statement, i) => key(statement) !== key(right[i] as SentStatement))
  ) {
    throw new Error(
      `the two probe buys sent different statements: ${left.map(key).join(', ')} / ${right.map(key).join(', ')}`,
    );
  }
  return left.map((statement, i) => [statement, right[i] as SentStatement]);
}

const describeStatement = (statement: SentStatement) =>
  statement.name ?? `unnamed: ${statement.text.replace(/\s+/g, ' ').trim().slice(0, 60)}…`;

/**
 * The pgbench script of the statements two probe buys sent (`sameSlot` bought the first's
 * ticket and day as another buyer, with another key). It expects `buyers` sessions whose token
 * hashes are 1…buyers and `hotSlots` rows in `slotsTable` (`replayWithPgbench` writes both).
 */
export function writeReplay(
  probes: [ProbeBuy, ProbeBuy],
  sameSlot: ProbeBuy,
  {
    buyers,
    hotSlots,
    capacity,
    slotsTable,
  }: { buyers: number; hotSlots: number; capacity: number; slotsTable: string },
): Replay {
  const pairs = sharedStatements(probes[0].statements, probes[1].statements);
  const constants: Record<string, string> = {};
  const slotColumns: Replay['slotColumns'] = [];
  const made: { column: string; template: string }[] = [];
  const commands: ReplayCommand[] = [];
  let madeBefore = -1;

  const key = (statement: SentStatement) => statement.name ?? statement.text;
  pairs.forEach(([a, b], index) => {
    const same = sameSlot.statements.find((statement) => key(statement) === key(a));
    let text = a.text;
    const unknown = text.match(/(?<!:):[A-Za-z_]/);
    if (unknown) throw new Error(`${describeStatement(a)} holds ":" that pgbench would read as a variable`);
    const variables = a.values.map((value, position) => {
      const param = classify([value, b.values[position], same?.values[position]], probes, capacity);
      if (!param) {
        throw new Error(
          `parameter $${position + 1} of ${describeStatement(a)} differs between the probes in a way the replay does not know: ${asText(value)} / ${asText(b.values[position])}`,
        );
      }
      if (param.kind === 'constant') {
        const name = `c${index}_${position + 1}`;
        constants[name] = param.value;
        return name;
      }
      if (param.kind === 'variable') {
        if (param.name === 'h_order_id' && madeBefore === -1) madeBefore = index;
        return param.name;
      }
      if (param.kind === 'slot') {
        const column = `p${slotColumns.length + 1}`;
        slotColumns.push({ column, template: param.template });
        return `slot_${column}`;
      }
      const column = `m${made.length + 1}`;
      made.push({ column, template: param.template });
      constants[`t_${column}`] = param.template;
      if (madeBefore === -1) madeBefore = index;
      return `h_${column}`;
    });
    // Highest first, so that $1 does not eat the start of $12.
    for (let position = variables.length; position >= 1; position--) {
      text = text.split(`$${position}`).join(`:${variables[position - 1]}`);
    }
    commands.push({ text: text.trim(), own: false, label: describeStatement(a) });
  });

  if (madeBefore !== -1) {
    // The statement before the first that needs them answers the new order and its lines.
    const order = commands[madeBefore - 1];
    if (!order) throw new Error('the first statement of a buy needs what an order statement answers');
    order.text = `${order.text}\n\\gset o_`;
    const fill = (template: string) =>
      [
        ['@order@', 'made.order_id::text'],
        ['@line@', 'made.line_id::text'],
        ['@code@', "'T' || :key"],
        ['@share@', "'S' || :key"],
        ['@day@', ':slot_day'],
        ['@ticket@', ':slot_ticket::text'],
      ].reduce((sql, [marker, value]) => `replace(${sql}, '${marker}', ${value})`, template);
    commands.splice(madeBefore, 0, {
      text: [
        `select made.order_id${made.map(({ column }) => `, ${fill(`:t_${column}::text`)} as ${column}`).join('')}`,
        "from (select (:o_order::json->>'id')::integer as order_id, (:o_lines::json->0->>'id')::integer as line_id) as made",
        '\\gset h_',
      ].join('\n'),
      own: true,
      label: '(own: JSON from the new order)',
    });
  }

  const script: ReplayCommand[] = [
    { text: `\\set buyer random(1, ${buyers})`, own: true, label: '\\set buyer' },
    { text: '\\set user_id :first_user + :buyer - 1', own: true, label: '\\set user_id' },
    { text: `\\set slot random(1, ${hotSlots})`, own: true, label: '\\set slot' },
    { text: '\\set key random(1000000000000, 9999999999999)', own: true, label: '\\set key' },
    {
      text: `select ticket, day${slotColumns.map(({ column }) => `, ${column}`).join('')} from ${slotsTable} where slot = :slot\n\\gset slot_`,
      own: true,
      label: '(own: the slot)',
    },
    ...commands,
  ];
  return {
    statements: pairs.map(([a]) => describeStatement(a)),
    commands: script,
    script: `${script.map(({ text }) => (text.startsWith('\\') || text.includes('\\gset') ? text : `${text};`)).join('\n')}\n`,
    constants: { ...constants, capacity: '1000000' },
    slotColumns,
  };
}

/** A template filled for one (ticket, day). */
export function fillSlot(template: string, slot: { ticket: number; day: string }): string {
  return template.split('@day@').join(slot.day).split('@ticket@').join(String(slot.ticket));
}

export type PgbenchResult = {
  tps: number;
  transactions: number;
  failed: number;
  /** Average latency of each command of the script, in script order, in milliseconds. */
  commandLatencies: { latencyMs: number; command: string }[];
  output: string;
};

/** Runs pgbench with a script; resolves with its figures, rejects when it fails. */
export function runPgbench({
  url,
  scriptPath,
  constants,
  clients,
  seconds,
}: {
  url: string;
  scriptPath: string;
  constants: Record<string, string>;
  clients: number;
  seconds: number;
}): Promise<PgbenchResult> {
  const args = [
    '--no-vacuum',
    '--protocol=prepared',
    '--report-per-command',
    `--client=${clients}`,
    '--jobs=1',
    `--time=${seconds}`,
    `--file=${scriptPath}`,
    ...Object.entries(constants).map(([name, value]) => `--define=${name}=${value}`),
    url,
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(PGBENCH, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => {
      const tps = Number(output.match(/tps = ([\d.]+) \(without initial connection time\)/)?.[1]);
      const transactions = Number(output.match(/number of transactions actually processed: (\d+)/)?.[1]);
      const failed = Number(output.match(/number of failed transactions: (\d+)/)?.[1] ?? 0);
      if (code !== 0 || !Number.isFinite(tps)) {
        reject(new Error(`pgbench exited with ${code}:\n${output.slice(-3000)}`));
        return;
      }
      const perCommand = output.split(/statement latencies in milliseconds[^\n]*\n/)[1] ?? '';
      const commandLatencies = perCommand
        .split('\n')
        .map((line) => line.match(/^\s+([\d.]+)\s+(?:\d+\s+)?(.*)$/))
        .filter((match): match is RegExpMatchArray => match !== null)
        .map((match) => ({ latencyMs: Number(match[1]), command: match[2] ?? '' }));
      resolve({ tps, transactions, failed, commandLatencies, output });
    });
  });
}
