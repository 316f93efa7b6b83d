import { type ChildProcess, spawn } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '../..');

export type Server = { url: string; readyMs: number; pid: number | undefined; stop(): Promise<void> };

/**
 * Production on PostgreSQL needs the ticket signing key every process shares: one for the whole
 * benchmark run, so the API and the worker it starts later sign alike.
 */
export const TICKET_SIGNING_KEY = generateKeyPairSync('ed25519').privateKey.export({
  type: 'pkcs8',
  format: 'pem',
});

export function freshDataDir(): string {
  return mkdtempSync(join(tmpdir(), 'sentiero-bench-'));
}

/** Node flags for the server, e.g. BENCH_SERVER_FLAGS="--cpu-prof --cpu-prof-dir=/tmp/profile". */
function serverFlags(): string[] {
  return (process.env.BENCH_SERVER_FLAGS ?? '').split(/\s+/).filter(Boolean);
}

/** Starts `npm start`'s script on loopback and resolves once /api/health answers. */
export async function startServer({
  port,
  dataDir,
  env = {},
}: {
  port: number;
  dataDir: string;
  /** Settings on top of the benchmark's own, e.g. a mail server that listens. */
  env?: Record<string, string>;
}): Promise<Server> {
  const started = performance.now();
  const url = `http://127.0.0.1:${port}`;
  // Another process answering there would pass the health check below in this server's place.
  const taken = await fetch(`${url}/api/health`).then(
    () => true,
    () => false,
  );
  if (taken) throw new Error(`something already answers on port ${port}: set BENCH_PORT to a free one`);
  const child: ChildProcess = spawn(process.execPath, [...serverFlags(), join(ROOT, 'scripts/start.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      PUBLIC_URL: url,
      // Production needs a mail server; unless a benchmark brings its own, none has to listen.
      SMTP_URL: 'smtp://127.0.0.1:9',
      TICKET_SIGNING_KEY: String(TICKET_SIGNING_KEY),
      // Production refuses the footer's placeholder company data.
      COMPANY_NAME: 'Sentiero Benchmark S.r.l.',
      COMPANY_TAX_NUMBER: 'IT01234567897',
      COMPANY_REGISTER_NUMBER: 'REA MI-1234567',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error('the server did not answer within 60 s');
    const healthy = await fetch(`${url}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) break;
    await new Promise((done) => setTimeout(done, 25));
  }
  return {
    url,
    readyMs: performance.now() - started,
    pid: child.pid,
    stop: () =>
      new Promise((done) => {
        child.once('exit', () => done());
        child.kill('SIGTERM');
      }),
  };
}
