import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { MIGRATIONS_FOLDER } from './client.ts';

/**
 * The committed migrations up to (not including) `tag`, copied into `scratch`: a database as it was
 * before a migration, for a test of what that migration does to the rows already there.
 */
export function migrationsBefore(scratch: string, tag: string): string {
  const folder = join(scratch, `before-${tag}`);
  cpSync(MIGRATIONS_FOLDER, folder, { recursive: true });
  const journalFile = join(folder, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8'));
  const index = journal.entries.findIndex((entry: { tag: string }) => entry.tag === tag);
  if (index < 0) throw new Error(`no migration ${tag}`);
  journal.entries = journal.entries.slice(0, index);
  writeFileSync(journalFile, JSON.stringify(journal));
  return folder;
}
