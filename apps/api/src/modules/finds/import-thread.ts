import { Worker } from 'node:worker_threads';
import { type FindFileRow, ImportError } from './files.ts';
import type { ImportReply, ImportRequest } from './import-worker.ts';

/*
 * Imported files are read on threads of their own (ADR 024): whatever a file does to the parser,
 * the thread that answers requests never waits for it, and a file that needs more CPU or memory
 * than any real one is refused with a reason instead of being waited for.
 */

/**
 * The CPU time one file may take on its thread. A 1 MiB GPX of 2,000 waypoints and a long track
 * takes about half a second, the most hostile 1 MiB documents we found (150,000 nested
 * elements, hundreds of thousands of attributes) about as long (bench/finds-import.md). Counted in
 * CPU time, not on the clock: on a busy machine a real file still gets its turn.
 */
export const IMPORT_CPU_BUDGET_MS = 3_000;
/** Files read at once; a further one waits for a thread. Each thread holds a heap of its own. */
const IMPORT_THREADS = 2;
/** A thread's heap: a 1 MiB file parsed takes a few tens of MB; more is a hostile one. */
const IMPORT_HEAP_MB = 128;
/** How often a job's CPU time is read: ten times a budget, at most every 100 ms. */
const checkEvery = (budgetMs: number) => Math.max(1, Math.min(100, budgetMs / 10));

type Job = {
  request: ImportRequest;
  budgetMs: number;
  resolve: (rows: FindFileRow[]) => void;
  reject: (error: Error) => void;
};
type Thread = { worker: Worker; job: Job | null; ready: boolean; stopJob: () => void };

const threads = new Set<Thread>();
const queue: Job[] = [];

const cpuMs = ({ user, system }: { user: number; system: number }) => (user + system) / 1000;

function startThread(): Thread {
  const worker = new Worker(new URL('./import-worker.ts', import.meta.url), {
    resourceLimits: { maxOldGenerationSizeMb: IMPORT_HEAP_MB },
  });
  const thread: Thread = { worker, job: null, ready: false, stopJob: () => {} };
  threads.add(thread);
  worker.unref();
  worker.on('message', (reply: ImportReply) => {
    if ('ready' in reply) thread.ready = true;
    else {
      const job = thread.job;
      finishJob(thread);
      if ('rows' in reply) job?.resolve(reply.rows);
      else job?.reject(new ImportError(reply.problem));
    }
    pump();
  });
  const stopped = (error: Error) => {
    if (!threads.delete(thread)) return;
    const job = thread.job;
    finishJob(thread);
    job?.reject(error);
    pump();
  };
  worker.on('error', (error: Error & { code?: string }) =>
    stopped(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new ImportError('importTooLarge') : error),
  );
  worker.on('exit', () => stopped(new Error('the import thread stopped without an answer')));
  return thread;
}

function finishJob(thread: Thread) {
  thread.stopJob();
  thread.stopJob = () => {};
  thread.job = null;
  thread.worker.unref();
}

/** Gives the thread the job, and stops the thread if the job runs past its CPU budget. */
function runJob(thread: Thread, job: Job) {
  const { worker } = thread;
  thread.job = job;
  worker.ref();
  const start = worker.cpuUsage();
  // Read by the checks; a thread that ends first is answered by its 'exit'.
  start.catch(() => {});
  const check = setInterval(() => {
    void Promise.all([start, worker.cpuUsage()])
      .then(([before, now]) => {
        if (thread.job !== job || cpuMs(now) - cpuMs(before) <= job.budgetMs) return;
        finishJob(thread);
        threads.delete(thread);
        void worker.terminate();
        job.reject(new ImportError('importTooSlow'));
        pump();
      })
      // The thread ended meanwhile: its 'exit' answers the job.
      .catch(() => {});
  }, checkEvery(job.budgetMs));
  thread.stopJob = () => clearInterval(check);
  worker.postMessage(job.request);
}

function pump() {
  while (queue.length > 0) {
    const free = [...threads].find((thread) => thread.ready && thread.job === null);
    const starting = [...threads].filter((thread) => !thread.ready).length;
    if (free) runJob(free, queue.shift() as Job);
    else if (threads.size < IMPORT_THREADS && starting < queue.length) startThread();
    else return;
  }
}

/**
 * `readFindsFile` on an import thread. Refuses (`ImportError`) a file that is not one, or that
 * takes more than `budgetMs` of CPU or more than the thread's heap to read.
 */
export function readFindsFileInThread(
  text: string,
  { today, unnamed }: { today: string; unnamed: ReadonlySet<string> },
  budgetMs = IMPORT_CPU_BUDGET_MS,
): Promise<FindFileRow[]> {
  return new Promise((resolve, reject) => {
    queue.push({ request: { text, today, unnamed: [...unnamed] }, budgetMs, resolve, reject });
    pump();
  });
}
