import { type ChildProcess, fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Server } from './server.ts';
import { median, type WrkResult, wrk } from './wrk.ts';

export type StackFigures = {
  bare: WrkResult;
  health: WrkResult;
  catalogue: WrkResult;
  /** Medians of the ratios of each round, measured side by side. */
  healthToBare: number;
  catalogueToHealth: number;
};

/** The public catalogue endpoint measured against /api/health (issue 12: ≥ 0.6). */
export const CATALOGUE_PATH = '/api/app/category/list?lng=it';

function startBare(port: number): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = fork(fileURLToPath(new URL('./bare-server.ts', import.meta.url)), {
      env: { ...process.env, PORT: String(port) },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    child.once('message', () => resolve(child));
    child.once('exit', (code) => reject(new Error(`the bare server exited with ${code}`)));
  });
}

/**
 * /api/health against a bare node:http server on the same Node (the ceiling of the stack), and a
 * public catalogue endpoint against /api/health, each pair in the same round, wrk in its own
 * process, `rounds` rounds; the ratios are the medians of each round's ratio.
 */
export async function measureStack(
  server: Server,
  {
    port,
    rounds,
    seconds,
    connections,
  }: { port: number; rounds: number; seconds: number; connections: number },
): Promise<StackFigures> {
  const bare = await startBare(port);
  try {
    const runs = { bare: [] as WrkResult[], health: [] as WrkResult[], catalogue: [] as WrkResult[] };
    const healthToBare: number[] = [];
    const catalogueToHealth: number[] = [];
    const load = (url: string, time = seconds) => wrk(url, { connections, seconds: time });
    for (const url of [
      `http://127.0.0.1:${port}/`,
      `${server.url}/api/health`,
      `${server.url}${CATALOGUE_PATH}`,
    ]) {
      await load(url, 1); // warm-up, not counted
    }
    for (let round = 0; round < rounds; round += 1) {
      const bareRun = await load(`http://127.0.0.1:${port}/`);
      const healthRun = await load(`${server.url}/api/health`);
      const catalogueRun = await load(`${server.url}${CATALOGUE_PATH}`);
      runs.bare.push(bareRun);
      runs.health.push(healthRun);
      runs.catalogue.push(catalogueRun);
      healthToBare.push(healthRun.rps / bareRun.rps);
      catalogueToHealth.push(catalogueRun.rps / healthRun.rps);
    }
    const middle = (values: number[]) =>
      [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)] as number;
    return {
      bare: median(runs.bare),
      health: median(runs.health),
      catalogue: median(runs.catalogue),
      healthToBare: middle(healthToBare),
      catalogueToHealth: middle(catalogueToHealth),
    };
  } finally {
    bare.kill('SIGTERM');
  }
}

/** Resident memory of a process, from /proc (Linux), in MB. */
export function residentMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kilobytes = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
  return kilobytes / 1024;
}

/**
 * A visitor's mix: pages, lists in three languages, searches and their pages, areas and tickets,
 * so the public cache fills and churns as it would in production.
 */
export function visitorPaths({ areaId, regionId }: { areaId: number; regionId: number }): string[] {
  const paths = ['/', '/events', '/api/health', CATALOGUE_PATH];
  for (const lng of ['it', 'en', 'de']) {
    paths.push(`/api/app/v2/area/list?lng=${lng}`, `/api/app/region/list?lng=${lng}`);
    for (const source of ['hottest', 'newest', 'discounted']) {
      paths.push(`/api/app/v2/ticket/list/recommended?lng=${lng}&source=${source}`);
    }
  }
  for (let page = 1; page <= 30; page += 1) {
    paths.push(`/api/app/v2/ticket/area/list?lng=it&id=${areaId}&page=${page}`);
    paths.push(`/api/app/region/ticket?lng=en&id=${regionId}&id_category=${16 + (page % 4)}&page=${page}`);
  }
  for (const word of ['rafting', 'porcini', 'kayak', 'trekking', 'pesca', 'ski', 'whale', 'canyon']) {
    for (let page = 1; page <= 5; page += 1) paths.push(`/api/app/v2/search?q=${word}&lng=en&page=${page}`);
  }
  for (let id = 1; id <= 40; id += 1) paths.push(`/api/app/ticket/info?lng=it&id=${id}`);
  return paths;
}

export type MemoryFigures = { restingMb: number; peakMb: number; afterMb: number; loadRps: number };

/**
 * The server's resident memory at rest, during `seconds` of a visitor mix at `connections`, and
 * after `settleSeconds` of quiet (issue 12: back within 20% of the resting size).
 */
export async function measureMemory(
  server: Server,
  paths: string[],
  { seconds, connections, settleSeconds }: { seconds: number; connections: number; settleSeconds: number },
): Promise<MemoryFigures> {
  const pid = server.pid as number;
  const restingMb = residentMb(pid);
  let peakMb = restingMb;
  const sampling = setInterval(() => {
    peakMb = Math.max(peakMb, residentMb(pid));
  }, 500);
  const result = await wrk(server.url, { connections, seconds, paths });
  clearInterval(sampling);
  await new Promise((done) => setTimeout(done, settleSeconds * 1000));
  return { restingMb, peakMb, afterMb: residentMb(pid), loadRps: result.rps };
}
