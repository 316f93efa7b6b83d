import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER } from './client.ts';

const packageDir = resolve(import.meta.dirname, '..');
const scratch = mkdtempSync(join(tmpdir(), 'sentiero-migrations-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('committed migrations', () => {
  // drizzle-kit is a process of its own that loads the whole schema: seconds, more on a busy machine.
  it('match the schema: generating again writes nothing new', { timeout: 60_000 }, () => {
    cpSync(MIGRATIONS_FOLDER, scratch, { recursive: true });
    const before = readdirSync(scratch).sort();
    const drizzleKit = join(packageDir, '../../node_modules/drizzle-kit/bin.cjs');
    // drizzle-kit prefixes `--out` with './' and exits 0 on errors, so: a relative path, and read what it says.
    const output = execFileSync(
      process.execPath,
      [
        drizzleKit,
        'generate',
        '--dialect',
        'postgresql',
        '--schema',
        './src/schema.ts',
        '--out',
        relative(packageDir, scratch),
      ],
      { cwd: packageDir, encoding: 'utf8', stdio: 'pipe' },
    );
    expect(output).toContain('No schema changes');
    expect(readdirSync(scratch).sort()).toEqual(before);
  });
});
