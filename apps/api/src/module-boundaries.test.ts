import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/** ADR 011's rules, read from the source: a new import that breaks one fails here, not in review. */

const root = resolve(import.meta.dirname, '../../..');
const SOURCE_FOLDERS = ['apps/api/src', 'packages/db/src', 'packages/contract/src'];

type Import = { from: string; to: string; typeOnly: boolean };

function sourceFiles(folder: string): string[] {
  return readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' })
    .filter((path) => path.endsWith('.ts') && !path.endsWith('.test.ts') && !path.endsWith('.d.ts'))
    .map((path) => join(folder, path));
}

// `import … from '…'`, `export … from '…'` and `import '…'`, over several lines.
const IMPORT = /^(?:import|export)\s+(type\s+)?(?:([^'";]*?)\s+from\s+)?'([^']+)';/gms;

/** `{ type A, type B }`: erased at run time like `import type`. */
function namesTypesOnly(names: string | undefined): boolean {
  if (!names?.startsWith('{')) return false;
  return names
    .slice(1, -1)
    .split(',')
    .every((name) => /^\s*(type\s|$)/.test(name));
}

function importsOf(file: string): Import[] {
  const text = readFileSync(join(root, file), 'utf8');
  return [...text.matchAll(IMPORT)].flatMap(([, typeKeyword, names, specifier]) => {
    if (!specifier?.startsWith('.')) return [];
    const typeOnly = Boolean(typeKeyword) || namesTypesOnly(names);
    return [{ from: file, to: join(dirname(file), specifier), typeOnly }];
  });
}

const files = SOURCE_FOLDERS.flatMap(sourceFiles);
const imports = files.flatMap(importsOf);

/** The module a file of the API belongs to (`modules/<name>/…`), if any. */
function moduleOf(file: string): string | undefined {
  return /^apps\/api\/src\/modules\/([^/]+)\//.exec(file)?.[1];
}

/** The groups of nodes that reach each other through the edges (Tarjan), groups of one left out. */
function findCycles(edges: [string, string][]): string[][] {
  const next = new Map<string, string[]>();
  for (const [from, to] of edges) next.set(from, [...(next.get(from) ?? []), to]);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  const connect = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node) as number);
    stack.push(node);
    for (const to of next.get(node) ?? []) {
      if (!index.has(to)) connect(to);
      if (stack.includes(to)) low.set(node, Math.min(low.get(node) as number, low.get(to) as number));
    }
    if (low.get(node) === index.get(node)) {
      const group = stack.splice(stack.indexOf(node));
      if (group.length > 1 || next.get(node)?.includes(node)) cycles.push(group.sort());
    }
  };
  for (const node of next.keys()) if (!index.has(node)) connect(node);
  return cycles;
}

describe('module boundaries (ADR 011)', () => {
  it('reads the source it checks', () => {
    expect(files).toContain('apps/api/src/modules/checkout/service.ts');
    expect(imports.length).toBeGreaterThan(100);
  });

  it("reads another module's data through its service, never through its repo", () => {
    const crossings = imports
      .filter(({ from, to }) => {
        const target = /^apps\/api\/src\/modules\/([^/]+)\/repo(\.ts|\/)/.exec(to);
        return target && moduleOf(from) && target[1] !== moduleOf(from);
      })
      .map(({ from, to }) => `${from} -> ${to}`);
    expect(crossings).toEqual([]);
  });

  it('lets modules depend on each other in one direction only', () => {
    const edges = imports.flatMap(({ from, to }): [string, string][] => {
      const [a, b] = [moduleOf(from), moduleOf(to)];
      return a && b && a !== b ? [[a, b]] : [];
    });
    expect(findCycles(edges)).toEqual([]);
  });

  it('has no files that import each other at run time', () => {
    const edges = imports
      .filter((edge) => !edge.typeOnly)
      .map(({ from, to }): [string, string] => [from, to]);
    expect(findCycles(edges)).toEqual([]);
  });
});
