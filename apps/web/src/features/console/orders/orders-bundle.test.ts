import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * TanStack Table is for the console's tables only (issue 23): no storefront file imports it, so
 * it is bundled with the console's lazily loaded screens and never downloaded by a shopper.
 */

const SOURCE = new URL('../../../', import.meta.url).pathname;
const CONSOLE_DIR = join(SOURCE, 'features/console');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('TanStack Table', () => {
  it("is imported by the console's files only", () => {
    const importers = sourceFiles(SOURCE).filter((file) =>
      /from '@tanstack\/react-table'/.test(readFileSync(file, 'utf8')),
    );
    expect(importers.length).toBeGreaterThan(0);
    expect(importers.filter((file) => !file.startsWith(CONSOLE_DIR))).toEqual([]);
  });
});
