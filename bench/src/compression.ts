/**
 * `node bench/src/compression.ts`: what compression saves and what it costs, for the home page's
 * HTML, a catalogue answer and a translation file on the built server: the bytes sent plain, in
 * gzip and in brotli; the CPU this server's settings take to compress each body; and, under
 * autocannon for each encoding, requests per second and the server's CPU time per request
 * (medians over interleaved rounds, since a shared machine is noisy). Traffic goes to 127.0.0.1
 * only and every run is bounded in time.
 */
import { readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import autocannon from 'autocannon';
import { compressBody } from '../../apps/api/src/platform/compression.ts';
import { freshDataDir, startServer } from './server.ts';

export const COMPRESSION_TARGETS = [
  { name: 'home page HTML', path: '/?lng=it' },
  { name: 'catalogue JSON', path: '/api/app/ticket/list/recommended?lng=it' },
  { name: 'translation file', path: '/locales/it/pages.json' },
] as const;

const ENCODINGS = ['identity', 'gzip', 'br'] as const;
type Encoding = (typeof ENCODINGS)[number];

export type CompressionMeasure = {
  name: string;
  path: string;
  /** Body bytes on the wire for each Accept-Encoding. */
  bytes: Record<Encoding, number>;
  /** Median CPU time to compress the body with the server's settings, in microseconds. */
  compressMicros: Record<Exclude<Encoding, 'identity'>, number>;
  /** Median requests per second over the rounds, for each Accept-Encoding. */
  rps: Record<Encoding, number>;
  /** Median CPU time the server process spent per request, in microseconds (when its pid is known). */
  cpuMicros: Record<Encoding, number | undefined>;
  errors: number;
};

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

/** CPU time of a process so far (user and system, every thread), in microseconds; Linux only. */
function processCpuMicros(pid: number): number | undefined {
  try {
    // Fields after the command name: utime and stime are the 12th and 13th, in clock ticks (100 a second).
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10_000;
  } catch {
    return undefined;
  }
}

/** The body as sent, not decoded, and the encoding the server chose. */
function fetchRaw(url: string, acceptEncoding: Encoding): Promise<{ body: Buffer; encoding: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { 'accept-encoding': acceptEncoding }, timeout: 10_000 }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        if (res.statusCode !== 200) reject(new Error(`${url} answered ${res.statusCode}`));
        else
          resolve({ body: Buffer.concat(chunks), encoding: res.headers['content-encoding'] ?? 'identity' });
      });
    });
    req.on('timeout', () => req.destroy(new Error(`${url} timed out`)));
    req.on('error', reject);
    req.end();
  });
}

/** CPU time per body, in the bench process: the server's own settings and code. */
async function compressionMicros(body: Buffer, coding: 'gzip' | 'br'): Promise<number> {
  const samples: number[] = [];
  for (let round = 0; round < 7; round++) {
    const before = process.cpuUsage();
    for (let i = 0; i < 100; i++) await compressBody(coding, body);
    const used = process.cpuUsage(before);
    samples.push((used.user + used.system) / 100);
  }
  return Math.round(median(samples));
}

/**
 * Measures a server already running at `baseUrl` (and its CPU time, given its `pid`): `rounds` × 9
 * autocannon runs of `seconds` each (about 2 minutes with the defaults), after a short warm-up.
 */
export async function measureCompression(
  baseUrl: string,
  {
    pid,
    seconds = 5,
    connections = 10,
    rounds = 3,
  }: { pid?: number | undefined; seconds?: number; connections?: number; rounds?: number } = {},
): Promise<CompressionMeasure[]> {
  const measures: CompressionMeasure[] = [];
  for (const target of COMPRESSION_TARGETS) {
    const url = `${baseUrl}${target.path}`;
    const bytes = {} as Record<Encoding, number>;
    for (const encoding of ENCODINGS) {
      const answer = await fetchRaw(url, encoding);
      if (answer.encoding !== encoding)
        throw new Error(`${url} sent ${answer.encoding} when ${encoding} was asked`);
      bytes[encoding] = answer.body.length;
    }
    const plain = (await fetchRaw(url, 'identity')).body;
    measures.push({
      ...target,
      bytes,
      compressMicros: {
        gzip: await compressionMicros(plain, 'gzip'),
        br: await compressionMicros(plain, 'br'),
      },
      rps: { identity: 0, gzip: 0, br: 0 },
      cpuMicros: { identity: undefined, gzip: undefined, br: undefined },
      errors: 0,
    });
    await autocannon({ url, connections, duration: 1 }); // warm-up, not counted
  }

  const samples = new Map<string, number[]>();
  const cpuSamples = new Map<string, number[]>();
  for (let round = 0; round < rounds; round++) {
    // Interleaved, so a burst of noise from the machine's neighbours spreads over every case.
    for (const measure of measures) {
      for (const encoding of ENCODINGS) {
        const cpuBefore = pid === undefined ? undefined : processCpuMicros(pid);
        const result = await autocannon({
          url: `${baseUrl}${measure.path}`,
          connections,
          duration: seconds,
          headers: { 'accept-encoding': encoding },
        });
        const key = `${measure.path} ${encoding}`;
        samples.set(key, [...(samples.get(key) ?? []), result.requests.average]);
        const cpuAfter = pid === undefined ? undefined : processCpuMicros(pid);
        if (cpuBefore !== undefined && cpuAfter !== undefined && result.requests.total > 0) {
          cpuSamples.set(key, [
            ...(cpuSamples.get(key) ?? []),
            (cpuAfter - cpuBefore) / result.requests.total,
          ]);
        }
        measure.errors += result.errors + result.non2xx;
      }
    }
  }
  for (const measure of measures) {
    for (const encoding of ENCODINGS) {
      const key = `${measure.path} ${encoding}`;
      measure.rps[encoding] = Math.round(median(samples.get(key) ?? []));
      const cpu = cpuSamples.get(key);
      measure.cpuMicros[encoding] = cpu?.length ? Math.round(median(cpu)) : undefined;
    }
  }
  return measures;
}

export function printCompression(measures: CompressionMeasure[]): void {
  const percent = (part: number, whole: number) => `${Math.round((part / whole) * 100)}%`;
  console.log('\nCompression: bytes sent and requests per second by Accept-Encoding (medians)');
  console.table(
    measures.map((m) => ({
      answer: m.name,
      'plain B': m.bytes.identity,
      'gzip B': `${m.bytes.gzip} (${percent(m.bytes.gzip, m.bytes.identity)})`,
      'br B': `${m.bytes.br} (${percent(m.bytes.br, m.bytes.identity)})`,
      'gzip µs': m.compressMicros.gzip,
      'br µs': m.compressMicros.br,
      'plain req/s': m.rps.identity,
      'gzip req/s': `${m.rps.gzip} (${percent(m.rps.gzip, m.rps.identity)})`,
      'br req/s': `${m.rps.br} (${percent(m.rps.br, m.rps.identity)})`,
      'CPU µs/req plain, gzip, br': Object.values(m.cpuMicros)
        .map((micros) => micros ?? '–')
        .join(', '),
      errors: m.errors,
    })),
  );
  console.log('  gzip/br µs: one body compressed with the server settings (brotli 4, gzip 6), without the');
  console.log("  server's cache of compressed answers; CPU µs/req: the server process, cache included.");
  console.log("  Translation files are sent from the build's .br/.gz copies: no compression per request.");
}

if (import.meta.main) {
  const port = Number(process.env.BENCH_PORT ?? 3202);
  const dataDir = freshDataDir();
  try {
    const server = await startServer({ port, dataDir });
    try {
      const measures = await measureCompression(server.url, {
        pid: server.pid,
        seconds: Number(process.env.BENCH_SECONDS ?? 5),
        connections: Number(process.env.BENCH_CONNECTIONS ?? 10),
        rounds: Number(process.env.BENCH_ROUNDS ?? 3),
      });
      printCompression(measures);
      if (measures.some((measure) => measure.errors > 0)) process.exitCode = 1;
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
