import { parentPort } from 'node:worker_threads';
import { type FindFileRow, ImportError, type ImportProblem } from './files.ts';
import { readFindsFile } from './read-finds.ts';

/* A thread that reads imported files, one at a time: see `import-thread.ts`. */

export type ImportRequest = { text: string; today: string; unnamed: string[] };
export type ImportReply = { ready: true } | { rows: FindFileRow[] } | { problem: ImportProblem };

const port = parentPort;
if (!port) throw new Error('import-worker.ts runs as a worker thread of readFindsFileInThread');

port.on('message', ({ text, today, unnamed }: ImportRequest) => {
  let reply: ImportReply;
  try {
    reply = { rows: readFindsFile(text, { today, unnamed: new Set(unnamed) }) };
  } catch (error) {
    if (!(error instanceof ImportError)) throw error;
    reply = { problem: error.problem };
  }
  port.postMessage(reply);
});
port.postMessage({ ready: true } satisfies ImportReply);
