import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/** ADR 011's rules, read from the source: a new import that breaks one fails here, not in review. */

const root = resolve(import.meta.dirname, '../../..');
const SOURCE_FOLDERS = ['apps/api/src', 'packages/db/src', 'packages/contract/src'];
/** Code outside the API that starts or measures parts of it. */
const CALLER_FOLDERS = ['scripts', 'bench/src'];

type Import = { from: string; to: string; typeOnly: boolean };

function typeScriptFiles(folder: string): string[] {
  return readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' })
    .filter((path) => path.endsWith('.ts') && !path.endsWith('.d.ts'))
    .map((path) => join(folder, path));
}

function sourceFiles(folder: string): string[] {
  return typeScriptFiles(folder).filter((path) => !path.endsWith('.test.ts'));
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

/** Every import of a file: packages by name, files by their path from the root. */
function allImportsOf(file: string): (Import & { names: string; relative: boolean })[] {
  const text = readFileSync(join(root, file), 'utf8');
  return [...text.matchAll(IMPORT)].flatMap(([, typeKeyword, names = '', specifier]) => {
    if (!specifier) return [];
    const typeOnly = Boolean(typeKeyword) || namesTypesOnly(names);
    const relative = specifier.startsWith('.');
    const to = relative ? join(dirname(file), specifier) : specifier;
    return [{ from: file, to, typeOnly, names, relative }];
  });
}

function importsOf(file: string): Import[] {
  return allImportsOf(file)
    .filter(({ relative }) => relative)
    .map(({ from, to, typeOnly }) => ({ from, to, typeOnly }));
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

/**
 * Whether an import names only statements (`…Query`, the builders a benchmark EXPLAINs) and
 * types: what a benchmark may take from a repository (ADR 011, 3.).
 */
function importsStatementsOnly(names: string): boolean {
  if (!names.startsWith('{')) return false;
  return names
    .slice(1, -1)
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean)
    .every((name) => name.startsWith('type ') || /^\w+Query$/.test(name));
}

const COMMENT = /\/\*[\s\S]*?\*\/|^\s*\/\/.*$/gm;
/** `export { a, type B } from './file.ts';` and `export type { C } from …`: all an index may hold. */
const RE_EXPORT_BY_NAME = /^export\s+(?:type\s+)?\{[^}]*\}\s+from\s+'[^']+';\s*$/gm;

/** Test support (factories, fakes, the test app): fixtures for every module, not a module's caller. */
const TEST_SUPPORT = /^apps\/api\/src\/test\//;

/**
 * The files that may hold SQL: a module's `repo.ts`, `*-repo.ts` or `repo/` folder, the shared
 * resource repositories of `repos/`, platform's `*-repo.ts`, and `job-rows.ts` (pg-boss's job row,
 * written by the checkout and membership repositories in their own statements).
 */
const REPOSITORY =
  /^apps\/api\/src\/(?:modules\/[^/]+\/(?:repo\.ts|[\w-]+-repo\.ts|repo\/)|repos\/|platform\/(?:.+-repo\.ts|job-rows\.ts)$)/;

/** What writes SQL: a raw `sql` template, a query built on a database or transaction handle, a statement run. */
const SQL_WRITING = [
  { what: 'a raw sql template', pattern: /\bsql(?:\s*`|\.(?:raw|placeholder|join|empty)\b)/ },
  {
    what: 'a drizzle query',
    pattern:
      /\b(?:db|tx)\s*\.\s*(?:(?:select\w*|insert|update|delete|\$count|\$with)\s*\(|query\s*\.)|\.\s*execute\s*\(/,
  },
];

/** The query-building imports: tables, prepared statements, drizzle's operators (its error classes are no query). */
function importsQueryBuilding({ to, names, typeOnly }: { to: string; names: string; typeOnly: boolean }) {
  if (typeOnly) return false;
  if (/^@sentiero\/db\/(?:schema|prepared)(?:\/|$)/.test(to)) return true;
  const valueNames = names
    .replace(/^\{|\}$/g, '')
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name && !name.startsWith('type '));
  if (to === '@sentiero/db/client') return valueNames.includes('executeRows');
  if (/^drizzle-orm(?:\/|$)/.test(to)) return valueNames.some((name) => !/Error$/.test(name));
  return false;
}

describe('module boundaries (ADR 011)', () => {
  it('reads the source it checks', () => {
    expect(files).toContain('apps/api/src/modules/checkout/service.ts');
    expect(imports.length).toBeGreaterThan(100);
    expect(REPOSITORY.test('apps/api/src/modules/checkout/repo.ts')).toBe(true);
    expect(REPOSITORY.test('apps/api/src/modules/checkout/service.ts')).toBe(false);
    expect(SQL_WRITING.every(({ pattern }) => pattern.test('await db\n  .select()\n  .from(sql`x`)'))).toBe(
      true,
    );
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

  it("reaches another module through its index.ts only; a module's own files import each other directly", () => {
    const callers = [...SOURCE_FOLDERS, ...CALLER_FOLDERS]
      .flatMap(typeScriptFiles)
      .filter((file) => !TEST_SUPPORT.test(file));
    const crossings = callers.flatMap(allImportsOf).filter(({ from, to, names }) => {
      const target = moduleOf(to);
      if (!target) return false;
      const isIndex = to === `apps/api/src/modules/${target}/index.ts`;
      if (moduleOf(from) === target) return isIndex;
      // A benchmark that EXPLAINs a statement takes it from the repository that writes it.
      if (from.startsWith('bench/') && REPOSITORY.test(to) && importsStatementsOnly(names)) return false;
      // Another module's tests, like any caller, see what the index offers.
      return !isIndex;
    });
    expect(crossings.map(({ from, to }) => `${from} -> ${to}`)).toEqual([]);
  });

  it("makes a module's index.ts re-export by name only, and nothing of a repository file", () => {
    const indexes = files.filter((file) => /^apps\/api\/src\/modules\/[^/]+\/index\.ts$/.test(file));
    expect(indexes.length).toBeGreaterThan(20);
    const problems = indexes.flatMap((file) => {
      const text = readFileSync(join(root, file), 'utf8');
      const rest = text.replace(COMMENT, '').replace(RE_EXPORT_BY_NAME, '').trim();
      return [
        ...(rest ? [`${file} holds more than re-exports by name: ${rest.split('\n')[0]}`] : []),
        ...allImportsOf(file)
          .filter(({ to }) => REPOSITORY.test(to))
          .map(({ to }) => `${file} re-exports the repository ${to}`),
      ];
    });
    expect(problems).toEqual([]);
  });

  it('keeps SQL in repository files', () => {
    const outside = files
      .filter(
        (file) => file.startsWith('apps/api/src/') && !TEST_SUPPORT.test(file) && !REPOSITORY.test(file),
      )
      .flatMap((file) => {
        const text = readFileSync(join(root, file), 'utf8');
        const found = SQL_WRITING.filter(({ pattern }) => pattern.test(text)).map(({ what }) => what);
        if (allImportsOf(file).some(importsQueryBuilding)) found.push('query-building imports');
        return found.map((what) => `${file}: ${what}`);
      });
    expect(outside).toEqual([]);
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
