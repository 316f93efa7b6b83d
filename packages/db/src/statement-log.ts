import { appendFileSync } from 'node:fs';
import type { SentStatement } from './client.ts';

/**
 * An `onStatement` that appends every statement to `path`, one JSON object a line: its name
 * (prepared statements), text and values, written before the statement leaves, so a request's
 * statements are all in the file once its answer has come. For benchmarks and debugging only:
 * values hold members' data.
 */
export function appendStatementsTo(path: string): (statement: SentStatement) => void {
  return (statement) => appendFileSync(path, `${JSON.stringify(statement)}\n`);
}

/** Statements read back from what `appendStatementsTo` wrote (a whole file or a part of whole lines). */
export function readStatements(text: string): SentStatement[] {
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as SentStatement);
}
