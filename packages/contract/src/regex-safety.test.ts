import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { check } from 'recheck';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from './endpoints.ts';

/**
 * No regular expression of ours backtracks super-linearly: a member's 100,000 `(` in a find's
 * name once held a process for seconds (issue 21). Every regex literal in the code that ships
 * (API, contract, database package, web app) and every pattern the contract's schemas test
 * request fields with (zod's own formats included) is proven linear by recheck's automaton
 * checker, a static analysis that gives the same answer on a busy machine as on a quiet one.
 * A regex it cannot prove is listed below with the reason its input is not a visitor's text.
 */
const ROOT = join(import.meta.dirname, '../../..');
const SOURCE_FOLDERS = ['apps/api/src', 'packages/contract/src', 'packages/db/src', 'apps/web/src'];

/** Code that only tests run. */
const isTestOnly = (file: string) =>
  /\.test\.tsx?$/.test(file) || file.startsWith('apps/api/src/test/') || file.endsWith('/test-render.tsx');

/** `file` → regex literals in it that are not proven linear, with the reason that is acceptable. */
const NOT_USER_TEXT: Record<string, Record<string, string>> = {
  'apps/api/src/platform/config-variables.ts': {
    '/^https:\\/\\/[^/]+\\/.*\\{z\\}.*\\{x\\}.*\\{y\\}/': 'the operator’s environment (MAP_TILE_URL)',
    '/^(mailto:.+@.+|https:\\/\\/.+)$/': 'the operator’s environment (VAPID_SUBJECT)',
  },
  'apps/api/src/platform/config.ts': {
    '/\\/+$/': 'the operator’s environment (URLs)',
    '/-----BEGIN CERTIFICATE-----[\\s\\S]+?-----END CERTIFICATE-----/g': 'the operator’s certificate files',
  },
  'apps/api/src/platform/facebook-oauth.ts': { '/\\/+$/': 'the operator’s environment (graph URL)' },
  'apps/api/src/platform/payments/paypal-client.ts': { '/\\/+$/': 'the operator’s environment (API base)' },
  'apps/api/src/platform/receipt-pdf.ts': {
    '/^-+|-+$/g': 'a receipt file name: brand, translation and receipt number, all ours',
  },
  'apps/api/src/platform/page-head.ts': {
    '/\\s*<meta name="description"[^>]*>/': 'the built index.html shell',
  },
  'apps/api/src/platform/web.ts': {
    '/<h1\\b[^>]*>([\\s\\S]*?)<\\/h1>/': 'server-rendered HTML, where any `<` of a visitor is escaped',
    '/<[^>]*>/g': 'the inside of a server-rendered h1, where any `<` of a visitor is escaped',
  },
  'apps/api/src/platform/compression.ts': {
    '/^(?:text\\/(?!event-stream)[\\w.+-]+|application\\/(?:json|javascript|xml|[\\w.-]+\\+(?:json|xml))|image\\/svg\\+xml)(?:;|$)/i':
      'the content type of our own responses (a lookahead the automaton checker cannot analyse)',
  },
};

/**
 * Regexes built at run time, per file: for each `RegExp(...)` call, the patterns it builds, written
 * out with the values the code puts in, so that they are checked like literals.
 */
const CONSTRUCTED: Record<string, string[][]> = {
  'packages/contract/src/fiscal-code.ts': [
    ['^[A-Z]{6}[0-9LMNPQRSTUV]{2}[ABCDEHLMPRST][0-9LMNPQRSTUV]{2}[A-Z][0-9LMNPQRSTUV]{3}[A-Z]$'],
  ],
};

type Found = { file: string; line: number; literal: string };

function* sourceFiles(folder: string): Generator<string> {
  for (const entry of readdirSync(join(ROOT, folder), { withFileTypes: true })) {
    const path = `${folder}/${entry.name}`;
    if (entry.isDirectory()) yield* sourceFiles(path);
    else if (/\.tsx?$/.test(entry.name) && !isTestOnly(path)) yield path;
  }
}

/** Regex literals and `RegExp(...)` calls of the shipped code, read by TypeScript's parser. */
function findRegexes(): { literals: Found[]; constructed: Found[] } {
  const literals: Found[] = [];
  const constructed: Found[] = [];
  for (const file of SOURCE_FOLDERS.flatMap((folder) => [...sourceFiles(folder)])) {
    const source = ts.createSourceFile(
      file,
      readFileSync(join(ROOT, file), 'utf8'),
      ts.ScriptTarget.Latest,
      true,
    );
    const visit = (node: ts.Node) => {
      const at = () => ({ file, line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1 });
      if (node.kind === ts.SyntaxKind.RegularExpressionLiteral) {
        literals.push({ ...at(), literal: node.getText(source) });
      } else if (
        (ts.isNewExpression(node) || ts.isCallExpression(node)) &&
        ts.isIdentifier(node.expression) &&
        node.expression.text === 'RegExp'
      ) {
        constructed.push({ ...at(), literal: node.getText(source) });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return { literals, constructed };
}

/** Every RegExp a schema holds (`.regex()`, zod's formats such as email, uuid, datetime). */
function collectPatterns(value: unknown, into: Set<string>, seen = new Set<unknown>()): Set<string> {
  if (value instanceof RegExp) return into.add(String(value));
  if (value === null || typeof value !== 'object' || seen.has(value)) return into;
  seen.add(value);
  const internals = (value as { _zod?: { def: unknown } })._zod;
  if (internals) collectPatterns(internals.def, into, seen);
  else for (const item of Object.values(value)) collectPatterns(item, into, seen);
  return into;
}

const split = (literal: string) => {
  const end = literal.lastIndexOf('/');
  return { source: literal.slice(1, end), flags: literal.slice(end + 1) };
};

/** The reason recheck's automaton gives no proof of linearity, or null when it gives one. */
async function findBacktrackingProblem(source: string, flags: string): Promise<string | null> {
  // No timeout: the analysis is exact and its answer must not depend on how busy the machine is.
  const diagnostics = await check(source, flags, { checker: 'automaton', timeout: null });
  if (diagnostics.status === 'safe') return null;
  if (diagnostics.status === 'vulnerable') {
    const attack = diagnostics.attack.pattern;
    return `${diagnostics.complexity.type} backtracking, e.g. on ${attack}`;
  }
  return `not analysable (${diagnostics.error.kind})`;
}

const { literals, constructed } = findRegexes();

describe('regular expressions that read text from outside', () => {
  it('are all found: the scan sees the literals of the API, the contract and the web app', () => {
    // packages/db/src has none today; it is scanned so that one added there is checked too.
    const folders = new Set(
      literals.map((found) => SOURCE_FOLDERS.find((folder) => found.file.startsWith(folder))),
    );
    expect([...folders].sort()).toEqual(['apps/api/src', 'apps/web/src', 'packages/contract/src']);
    expect(literals.length).toBeGreaterThan(100);
  });

  it('backtrack linearly, each literal of the shipped code', { timeout: 300_000 }, async () => {
    const unlisted = literals.filter(({ file, literal }) => NOT_USER_TEXT[file]?.[literal] === undefined);
    const distinct = [...new Set(unlisted.map(({ literal }) => literal))];
    const problems = new Map<string, string>();
    for (const literal of distinct) {
      const { source, flags } = split(literal);
      const problem = await findBacktrackingProblem(source, flags);
      if (problem) problems.set(literal, problem);
    }
    const found = unlisted
      .filter(({ literal }) => problems.has(literal))
      .map(({ file, line, literal }) => `${file}:${line} ${literal}: ${problems.get(literal)}`);
    expect(found, 'rewrite these to be linear, or bound their input first').toEqual([]);
  });

  it('backtrack linearly, each pattern the contract checks request fields with', {
    timeout: 300_000,
  }, async () => {
    const patterns = new Set<string>();
    for (const endpoint of Object.values(ENDPOINTS)) collectPatterns(endpoint.input, patterns);
    expect(patterns.size).toBeGreaterThan(10);
    const problems: string[] = [];
    for (const pattern of patterns) {
      const { source, flags } = split(pattern);
      const problem = await findBacktrackingProblem(source, flags);
      if (problem) problems.push(`${pattern}: ${problem}`);
    }
    expect(problems).toEqual([]);
  });

  it('backtrack linearly, each regex built at run time, and each is registered', {
    timeout: 300_000,
  }, async () => {
    const calls: Record<string, number> = {};
    for (const { file } of constructed) calls[file] = (calls[file] ?? 0) + 1;
    const registered = Object.fromEntries(
      Object.entries(CONSTRUCTED).map(([file, built]) => [file, built.length]),
    );
    expect(calls, 'a RegExp built from text: register the patterns it builds in CONSTRUCTED').toEqual(
      registered,
    );
    const problems: string[] = [];
    for (const source of Object.values(CONSTRUCTED).flat(2)) {
      const problem = await findBacktrackingProblem(source, '');
      if (problem) problems.push(`${source}: ${problem}`);
    }
    expect(problems).toEqual([]);
  });

  it('lists no exception for a regex that has gone', () => {
    const gone = Object.entries(NOT_USER_TEXT).flatMap(([file, listed]) =>
      Object.keys(listed)
        .filter((literal) => !literals.some((found) => found.file === file && found.literal === literal))
        .map((literal) => `${file} ${literal}`),
    );
    expect(gone, 'remove these from NOT_USER_TEXT').toEqual([]);
  });

  it('tells a backtracking regex from a linear one (the check can fail)', async () => {
    expect(await findBacktrackingProblem('\\(([^)]+)\\)\\s*$', '')).toMatch(/polynomial/);
    expect(await findBacktrackingProblem('^(a+)+$', '')).toMatch(/exponential/);
    expect(await findBacktrackingProblem('^## +(.+)$', 'gm')).toBeNull();
  });
});
