import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { PAGES } from '@sentiero/contract/pages';
import { describe, expect, it } from 'vitest';
import { routes } from './routes.tsx';

/*
 * The console's code stays out of the storefront's scripts (ADR 028): the route tree reaches it
 * only through lazy imports, and nothing else in the app imports it. To see it in a build,
 * `npm run build` and look in apps/web/dist/.vite/manifest.json: the console's modules
 * (`src/features/console/…`) are entries with `isDynamicEntry: true`, and neither `index.html`'s
 * entry nor its `imports` list them.
 */

const SOURCE = new URL('../', import.meta.url);
const CONSOLE_DIR = join(SOURCE.pathname, 'features/console');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

describe("the console's part of the app", () => {
  it('is a route subtree whose screens all load lazily', () => {
    const consoleRoute = routes.find((route) => route.path === PAGES.console.pattern);
    expect(consoleRoute?.lazy).toBeTypeOf('function');
    expect(consoleRoute?.element ?? consoleRoute?.Component).toBeUndefined();
    for (const child of consoleRoute?.children ?? []) {
      if (child.path === '*') continue;
      expect(child.lazy, child.path ?? 'index').toBeTypeOf('function');
      expect(child.element ?? child.Component, child.path ?? 'index').toBeUndefined();
    }
  });

  it('is imported by the route tree lazily only, and by no other file', () => {
    const routesSource = readFileSync(new URL('./routes.tsx', import.meta.url), 'utf8');
    expect(routesSource).not.toMatch(/^import[^;]*from '\.\.\/features\/console\//m);
    expect(routesSource).toMatch(/import\('\.\.\/features\/console\/routes\/layout\.tsx'\)/);
    const outside = sourceFiles(SOURCE.pathname).filter(
      (file) => !file.startsWith(CONSOLE_DIR) && !file.endsWith('app/routes.tsx'),
    );
    const importers = outside.filter((file) => /features\/console\//.test(readFileSync(file, 'utf8')));
    expect(importers).toEqual([]);
  });
});
