/**
 * `npm run dev`: the API on API_PORT (3001) restarting on change, and Vite's dev server on
 * PORT (3000) with hot reload, proxying `/api` to the API. The API also takes answers to the
 * inbox's replies by SMTP on INBOUND_SMTP_PORT (2525 unless given; ADR 031): a reply in
 * `/dev/mailbox` names its Reply-To, and any SMTP client on this machine can answer it there.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const apiPort = process.env.API_PORT ?? '3001';
const vite = join(root, 'node_modules/.bin/vite');

const children: ChildProcess[] = [
  spawn(process.execPath, ['--watch', '--watch-preserve-output', 'apps/api/src/main.ts'], {
    cwd: root,
    stdio: 'inherit',
    // Said explicitly: with DATABASE_URL set the API refuses to guess (config.ts).
    env: {
      ...process.env,
      NODE_ENV: process.env.NODE_ENV || 'development',
      PORT: apiPort,
      HOST: '127.0.0.1',
      INBOUND_SMTP_PORT: process.env.INBOUND_SMTP_PORT || '2525',
    },
  }),
  spawn(process.execPath, [vite], {
    cwd: join(root, 'apps/web'),
    stdio: 'inherit',
    env: { ...process.env, API_PORT: apiPort },
  }),
];

function stop(signal: NodeJS.Signals) {
  for (const child of children) child.kill(signal);
}
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
for (const child of children) {
  child.on('exit', (code) => {
    stop('SIGTERM');
    process.exitCode = code ?? 0;
  });
}
