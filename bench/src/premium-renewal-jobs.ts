import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';
import type { RenewalReport } from '../../apps/api/src/modules/premium/index.ts';
import { cpuSecondsOf } from './checkout-replay.ts';
import { loadAverage } from './premium-shared.ts';
import { TICKET_SIGNING_KEY } from './server.ts';

/* The renewal jobs the benchmark times: each in a process of its own, its CPU and PostgreSQL's sampled. */

/** CPU seconds of the database's backends, each at the most seen (the pool closes idle ones). */
function postgresCpuSampler(client: pg.Client) {
  const seen = new Map<number, { from: number; to: number }>();
  const sample = async () => {
    const { rows } = await client
      .query<{ pid: number }>(
        'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
      )
      .catch(() => ({ rows: [] as { pid: number }[] }));
    for (const { pid } of rows) {
      const now = cpuSecondsOf(pid);
      const known = seen.get(pid);
      if (known) known.to = Math.max(known.to, now);
      else seen.set(pid, { from: now, to: now });
    }
  };
  const timer = setInterval(sample, 1000);
  return {
    start: sample,
    async stop() {
      clearInterval(timer);
      await sample();
      return [...seen.values()].reduce((sum, { from, to }) => sum + to - from, 0);
    },
  };
}

export type JobProcess = {
  child: ChildProcess;
  done: Promise<{ report: RenewalReport; cpuSeconds: number } | null>;
};

/** A renewal job in a process of its own (renewal-run.ts), ready to start on 'go'. */
export async function startJobProcess(
  url: string,
  poolSize: number,
  printErrors: number,
): Promise<JobProcess> {
  const child = fork(fileURLToPath(new URL('./renewal-run.ts', import.meta.url)), {
    env: {
      ...process.env,
      RENEWAL_DATABASE_URL: url,
      RENEWAL_POOL: String(poolSize),
      RENEWAL_PRINT_ERRORS: String(printErrors),
      TICKET_SIGNING_KEY: String(TICKET_SIGNING_KEY),
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const done = new Promise<{ report: RenewalReport; cpuSeconds: number } | null>((resolve) => {
    child.on('message', (message) => {
      if (typeof message === 'object') resolve(message as { report: RenewalReport; cpuSeconds: number });
    });
    child.once('exit', () => resolve(null));
  });
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', (code) => reject(new Error(`the renewal job exited with ${code} before it started`)));
  });
  return { child, done };
}

/**
 * Starts the jobs at once and waits for them, each killed (as a crash would end it) at
 * `limitSeconds`; progress every 30 s. Answers each job's report, or null for one that was killed.
 */
export async function timedRuns(
  jobs: JobProcess[],
  client: pg.Client,
  { limitSeconds, startedAt }: { limitSeconds: number; startedAt: Date },
) {
  const started = performance.now();
  const postgres = postgresCpuSampler(client);
  await postgres.start();
  // The jobs' CPU as /proc shows it, for one that is killed before it tells its own.
  const jobCpu = jobs.map(() => 0);
  const sampling = setInterval(() => {
    for (const [index, job] of jobs.entries())
      jobCpu[index] = Math.max(jobCpu[index] ?? 0, cpuSecondsOf(job.child.pid));
  }, 1000);
  const progress = setInterval(async () => {
    const { rows } = await client
      .query<{ n: string }>('select count(*) as n from subscriptions where next_charge_at <= $1', [startedAt])
      .catch(() => ({ rows: [{ n: '?' }] }));
    console.log(
      `  … ${((performance.now() - started) / 1000).toFixed(0)} s: ${rows[0]?.n} still due; load average ${loadAverage()}`,
    );
  }, 30_000);
  let stopped = false;
  const limit = setTimeout(() => {
    stopped = true;
    for (const job of jobs) job.child.kill('SIGKILL');
  }, limitSeconds * 1000);
  try {
    for (const job of jobs) job.child.send('go');
    const results = await Promise.all(jobs.map((job) => job.done));
    const seconds = (performance.now() - started) / 1000;
    return {
      reports: results.map((result) => result?.report ?? null),
      stopped,
      seconds,
      cpu: {
        job: results.reduce((sum, result, index) => sum + (result?.cpuSeconds ?? jobCpu[index] ?? 0), 0),
        postgres: await postgres.stop(),
      },
      load: loadAverage(),
    };
  } finally {
    clearTimeout(limit);
    clearInterval(sampling);
    clearInterval(progress);
    for (const job of jobs) if (job.child.exitCode === null) job.child.kill('SIGKILL');
  }
}
