import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';

const MAIN = join(import.meta.dirname, '../main.ts');

/** Generous for a busy 2-core machine: the first start migrates and seeds a fresh database. */
const START_DEADLINE_MS = 60_000;

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** Waits for `condition` to hold, checking every 50 ms; fails with `what` past the deadline. */
export async function waitFor(
  condition: () => boolean | Promise<boolean>,
  what: string,
  deadlineMs = 20_000,
): Promise<void> {
  const deadline = Date.now() + deadlineMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`gave up waiting after ${deadlineMs} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export type ServerProcess = {
  child: ChildProcess;
  port: number;
  url: string;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
  /** Null while it runs; the exit code, or the signal that ended it. */
  exit(): number | NodeJS.Signals | null;
  healthy(): Promise<boolean>;
  /** SIGTERM, as a supervisor stops it; resolves with the exit code. */
  stop(): Promise<number | null>;
  /** SIGKILL: no clean-up at all, as when a machine or container dies. */
  kill(): Promise<void>;
};

/**
 * Starts `main.ts` as its own process, as `npm start` runs it in production, and resolves once
 * `/api/health` answers 200 (migrated, seeded and listening).
 */
export async function startServerProcess(environment: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let output = '';
  const child = spawn(process.execPath, [MAIN], {
    env: {
      ...process.env,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      ...environment,
      PORT: String(port),
      HOST: '127.0.0.1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  let ended: number | NodeJS.Signals | null = null;
  const exited = new Promise<void>((resolve) =>
    child.once('exit', (code, signal) => {
      ended = code ?? signal;
      resolve();
    }),
  );
  const healthy = () =>
    fetch(`${url}/api/health`, { signal: AbortSignal.timeout(5_000) }).then(
      (response) => response.status === 200,
      () => false,
    );
  const running: ServerProcess = {
    child,
    port,
    url,
    output: () => output,
    exit: () => ended,
    healthy,
    async stop() {
      if (ended === null) child.kill('SIGTERM');
      await exited;
      return typeof ended === 'number' ? ended : null;
    },
    async kill() {
      if (ended === null) child.kill('SIGKILL');
      await exited;
    },
  };
  try {
    await waitFor(
      async () => {
        if (ended !== null) throw new Error(`the server exited early (${ended}):\n${output}`);
        return healthy();
      },
      `the server on port ${port} to answer /api/health`,
      START_DEADLINE_MS,
    );
  } catch (error) {
    await running.kill();
    throw error;
  }
  return running;
}
