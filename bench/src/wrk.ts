import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export type WrkResult = {
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  non2xx: number;
};

/** wrk's report, as one JSON line its `done` hook writes: latencies in microseconds. */
const REPORT = `
done = function(summary, latency, requests)
  local errors = summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout
  io.write(string.format('{"requests":%d,"micros":%d,"p50":%d,"p95":%d,"p99":%d,"errors":%d,"status":%d}\\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(95),
    latency:percentile(99), errors, summary.errors.status))
end
`;
// No per-response hook, which would slow wrk's own loop: wrk counts answers of 400 and above itself.
const script = join(mkdtempSync(join(tmpdir(), 'sentiero-wrk-')), 'report.lua');
writeFileSync(script, REPORT);

/**
 * Runs Debian's wrk (`/usr/bin/wrk`, one thread) against one URL, or a list of paths, from its own
 * process: the load generator does not share the event loop of the process measured.
 */
export function wrk(
  url: string,
  {
    connections,
    seconds,
    headers = {},
    paths,
  }: {
    connections: number;
    seconds: number;
    headers?: Record<string, string>;
    /** Paths asked in turn on `url`'s server, instead of `url` alone. */
    paths?: string[];
  },
): Promise<WrkResult> {
  const args = ['-t', '1', '-c', String(connections), '-d', `${seconds}s`, '--timeout', '5s'];
  args.push('-s', paths ? mixScript(paths) : script);
  for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}: ${value}`);
  args.push(url);
  return new Promise((resolve, reject) => {
    const child = spawn(process.env.WRK ?? 'wrk', args, { stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.on('error', (err) =>
      reject(new Error(`wrk could not start (apt-get install wrk): ${err.message}`)),
    );
    child.on('exit', (code) => {
      const line = output.split('\n').find((text) => text.startsWith('{"requests"'));
      if (code !== 0 || !line) return reject(new Error(`wrk failed on ${url}:\n${output}`));
      const report = JSON.parse(line) as Record<string, number>;
      resolve({
        rps: (report.requests as number) / ((report.micros as number) / 1e6),
        p50: (report.p50 as number) / 1000,
        p95: (report.p95 as number) / 1000,
        p99: (report.p99 as number) / 1000,
        errors: report.errors as number,
        non2xx: report.status as number,
      });
    });
  });
}

/** wrk's report hook, with a `request` hook that asks `paths` one after the other. */
function mixScript(paths: string[]): string {
  const file = join(mkdtempSync(join(tmpdir(), 'sentiero-wrk-')), 'mix.lua');
  const list = paths.map((path) => `[[${path}]]`).join(',\n  ');
  writeFileSync(
    file,
    `local paths = {\n  ${list}\n}\nlocal next = 0\nrequest = function()\n  next = next % #paths + 1\n  return wrk.format('GET', paths[next])\nend\n${REPORT}`,
  );
  return file;
}

/** The round with the median requests per second, its latencies with it. */
export function median(results: WrkResult[]): WrkResult {
  const sorted = [...results].sort((a, b) => a.rps - b.rps);
  return sorted[Math.floor((sorted.length - 1) / 2)] as WrkResult;
}
