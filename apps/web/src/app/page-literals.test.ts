import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { matchPage } from '@sentiero/contract/pages';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/*
 * ADR 016: everything that names a page reads the table of pages (packages/contract/src/pages.ts).
 * A page's address typed by hand in the web app, the API or the seed data (`to="/events"`,
 * `${origin}/console`, `redirect('/')`) fails here with its file and line: build it with
 * `PAGES.<page>.path(…)` instead. Comments are not read; strings, template parts and JSX text are.
 */

const root = resolve(import.meta.dirname, '../../../..');
const FOLDERS = ['apps/web/src', 'apps/api/src', 'packages/db/src'];
/**
 * The service workers are built from their own file alone (vite.config.ts), with no imports, so
 * they cannot read the table; tests and their helpers name pages to check them.
 */
const LEFT_OUT = /^apps\/web\/src\/service-worker\/|\/test\/|\.test\.tsx?$/;

/** A path that starts a string or follows a space, `(` or the like: not `./x`, `a/b` or `//host`. */
const PATH = /(?<![\w.:/@~-])\/[a-z][\w-]*(?:\/[\w-]+)*/g;
/** Where a bare `/` is the home page: a link's target, or where the app is sent. */
const LINK_ATTRIBUTES = new Set(['to', 'href']);
const NAVIGATIONS = new Set(['navigate', 'redirect']);

type Finding = { line: number; text: string; page: string };

function isHomeLink(node: ts.StringLiteral): boolean {
  const parent = node.parent;
  if (ts.isJsxAttribute(parent)) return LINK_ATTRIBUTES.has(parent.name.getText());
  if (ts.isPropertyAssignment(parent)) return LINK_ATTRIBUTES.has(parent.name.getText());
  if (ts.isCallExpression(parent) && parent.arguments[0] === node) {
    return NAVIGATIONS.has(parent.expression.getText());
  }
  return false;
}

/** Whether the file's text, comments included, might name a page: most do not, and are not parsed. */
const mightNamePage = (source: string) =>
  /['"]\/['"]/.test(source) || [...source.matchAll(PATH)].some(([path]) => matchPage(path));

/** The pages a source file names by hand. */
function findPageLiterals(fileName: string, source: string): Finding[] {
  if (!mightNamePage(source)) return [];
  const kind = fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, kind);
  const findings: Finding[] = [];
  const report = (node: ts.Node, text: string, page: string) =>
    findings.push({ line: file.getLineAndCharacterOfPosition(node.getStart()).line + 1, text, page });
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteral(node) && node.text === '/' && isHomeLink(node)) report(node, '/', 'home');
    if (ts.isStringLiteralLike(node) || ts.isTemplateLiteralToken(node) || ts.isJsxText(node)) {
      for (const [path] of node.text.matchAll(PATH)) {
        const page = matchPage(path)?.name;
        if (page) report(node, path, page);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return findings;
}

function sourceFiles(): string[] {
  return FOLDERS.flatMap((folder) =>
    readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' })
      .map((path) => `${folder}/${path}`)
      .filter((path) => /\.tsx?$/.test(path) && !path.endsWith('.d.ts') && !LEFT_OUT.test(path)),
  );
}

describe("pages' addresses", () => {
  it('finds a page written by hand, and not one built from the table', () => {
    const source = [
      "import { PAGES } from '@sentiero/contract/pages';",
      'const a = <Link to="/forgot-password">x</Link>;',
      "const b = [{ to: '/events', label }, { to: '/', label }];",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the sample source's own template literal
      'const c = `${origin}/console — password`;',
      "navigate('/', { replace: true });",
      'const d = `Disallow: /user\\n`;',
      'const e = <Link to={PAGES.events.path()}>x</Link>;',
      "const f = ['/api/app/v2/search', './events.tsx', 'https://example.com/events', '/favicon.svg'];",
      "document.cookie = 'lang=it; path=/';",
    ].join('\n');
    expect(findPageLiterals('sample.tsx', source)).toEqual([
      { line: 2, text: '/forgot-password', page: 'forgotPassword' },
      { line: 3, text: '/events', page: 'events' },
      { line: 3, text: '/', page: 'home' },
      { line: 4, text: '/console', page: 'console' },
      { line: 5, text: '/', page: 'home' },
      { line: 6, text: '/user', page: 'account' },
    ]);
  });

  it('are read from the table of pages in the web app, the API and the seed data', () => {
    const files = sourceFiles();
    // The folders were read: an empty list would pass whatever the sources say.
    expect(files.length).toBeGreaterThan(500);
    const written = files.flatMap((path) =>
      findPageLiterals(path, readFileSync(join(root, path), 'utf8')).map(
        ({ line, text, page }) => `${path}:${line} ${text} (PAGES.${page})`,
      ),
    );
    expect(written).toEqual([]);
  });
});
