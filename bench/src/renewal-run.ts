/**
 * One renewal job for `bench:premium`, in a process of its own as a worker would run it:
 * `runRenewals` with the app's pieces (its config, a pool of RENEWAL_POOL on RENEWAL_DATABASE_URL,
 * the sandbox provider, pg-boss without workers and the mailer, so each mail is queued as the app
 * queues it). It waits for the parent's 'go', then answers its report and its CPU seconds. The
 * parent ends it at its time limit, as a crash would.
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
// The API's session code reads cookies through @fastify/cookie's additions to Fastify's types.
import type {} from '@fastify/cookie';
import { openDatabase } from '@sentiero/db/client';
import type { FastifyBaseLogger } from 'fastify';
import { runRenewals, startReceiptMails } from '../../apps/api/src/modules/premium/index.ts';
import { sandboxBilling } from '../../apps/api/src/platform/billing/sandbox.ts';
import { loadConfig } from '../../apps/api/src/platform/config.ts';
import { systemClock } from '../../apps/api/src/platform/context.ts';
import { startJobs } from '../../apps/api/src/platform/jobs.ts';
import { smtpTransport, startMailer } from '../../apps/api/src/platform/mail.ts';

const url = process.env.RENEWAL_DATABASE_URL as string;
const poolSize = Number(process.env.RENEWAL_POOL ?? 8);
/** Errors printed (a race lost to another run at once is expected, and counted in the report). */
const printErrors = Number(process.env.RENEWAL_PRINT_ERRORS ?? 5);

let printed = 0;
const quiet = () => {};
const log = {
  level: 'error',
  trace: quiet,
  debug: quiet,
  info: quiet,
  warn: quiet,
  silent: quiet,
  fatal: quiet,
  error: (object: unknown, message?: string) => {
    if (printed++ >= printErrors) return;
    const err = (object as { err?: unknown })?.err;
    console.log(
      `  job error: ${message ?? ''} ${err instanceof Error ? err.message : JSON.stringify(object)}`,
    );
  },
  child: () => log,
} as unknown as FastifyBaseLogger;

const config = loadConfig({
  NODE_ENV: 'production',
  DATABASE_URL: url,
  DATABASE_POOL_SIZE: String(poolSize),
  PUBLIC_URL: 'http://127.0.0.1:3600',
  SMTP_URL: 'smtp://127.0.0.1:9',
  TICKET_SIGNING_KEY: process.env.TICKET_SIGNING_KEY,
  COMPANY_NAME: 'Sentiero Benchmark S.r.l.',
  COMPANY_TAX_NUMBER: 'IT01234567897',
  COMPANY_REGISTER_NUMBER: 'REA MI-1234567',
  PAYMENTS_SANDBOX: 'on',
  JOB_WORKERS: 'off',
  LOG_LEVEL: 'error',
});
/** RENEWAL_STATEMENTS=1: counts the statements sent, by their start, and prints them at the end. */
const statements = process.env.RENEWAL_STATEMENTS ? new Map<string, number>() : undefined;
const database = await openDatabase({
  driver: 'postgres',
  url,
  poolSize,
  ...(statements
    ? {
        onStatement: ({ text }: { text: string }) => {
          const key = text.replace(/\s+/g, ' ').slice(0, 90);
          statements.set(key, (statements.get(key) ?? 0) + 1);
        },
      }
    : {}),
});
// JOB_WORKERS=off: each mail and receipt is queued (pg-boss's insert), none sent.
const jobs = await startJobs(database, log, { work: false, cron: false });
const transport = smtpTransport(config.mail.smtpUrl as string, config.mail.from);
const mail = await startMailer(jobs, transport);
const clock = systemClock;
const ctx = { db: database.db, clock, config, mail, log, origin: config.publicUrl as string };
const providers = { sandbox: sandboxBilling(database.db, { now: () => clock.now() }) };
// Receipts are queued as a charge id each (their worker renders the PDF), by the statement that
// records the charge: as the app runs it (with workers off, this only makes the queue).
const receipts = await startReceiptMails(jobs, ctx);

/**
 * RENEWAL_CPU_PROFILE=path: the run's CPU profile, written there before the report goes (the
 * parent ends this process once it has the report, before `--cpu-prof` would write one).
 */
const profilePath = process.env.RENEWAL_CPU_PROFILE;
const profiler = profilePath ? new Session() : undefined;
const inspect = (method: string) =>
  new Promise<unknown>((resolve, reject) =>
    profiler?.post(method, (error, result) => (error ? reject(error) : resolve(result))),
  );

process.once('message', async () => {
  if (profiler) {
    profiler.connect();
    await inspect('Profiler.enable');
    await inspect('Profiler.start');
  }
  const cpuBefore = process.cpuUsage();
  const report = await runRenewals(ctx, { providers, receipts }, { budgetMs: Number.POSITIVE_INFINITY });
  const cpu = process.cpuUsage(cpuBefore);
  if (profiler && profilePath) {
    const { profile } = (await inspect('Profiler.stop')) as { profile: object };
    writeFileSync(profilePath, JSON.stringify(profile));
  }
  if (statements) {
    const all = [...statements].sort((a, b) => b[1] - a[1]);
    console.log(`  statements sent: ${all.reduce((sum, [, n]) => sum + n, 0)}`);
    for (const [text, n] of all.slice(0, 25)) console.log(`  ${String(n).padStart(8)}  ${text}`);
  }
  process.send?.({ report, cpuSeconds: (cpu.user + cpu.system) / 1e6 }, () => {
    void (async () => {
      await jobs.stop();
      transport.close();
      await database.close();
      process.exit(0);
    })();
  });
});
process.send?.('ready');
