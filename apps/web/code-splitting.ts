import { resolve } from 'node:path';
import type { Plugin, Rollup } from 'vite';

/**
 * How the browser's build is cut into files (issue 21, ADR 053). Left to itself the bundler gives
 * each set of pages that shares a module a file of its own: a public page started with 78 files of
 * 1–2 KB, and on a phone asking for each one and compiling it held the main thread longer than
 * running them. The start is instead five files, fetched together once the page is painted and
 * run one after the other, each in a task of its own (src/main.tsx):
 *
 * - `react`: React and React DOM;
 * - `translations`: i18next and its plugins, with the translations' start (`lib/i18n-client.ts`);
 * - `framework`: the other libraries the start runs (router, query cache, zustand, the icons its
 *   modules name, not every icon the icons' package imports), with the query client
 *   (`lib/query-client.ts`);
 * - `start`: our modules the start imports, the most visited public pages among them;
 * - `app/start.tsx`, which hydrates the page.
 *
 * The parts of those pages that wait until they are seen (`ui/when-seen.tsx`) share one file,
 * `parts`; the icons only other pages show share `icons`. Every other page keeps the bundler's
 * files, loaded when it is visited.
 */
const SRC = resolve(import.meta.dirname, 'src');
const ENTRY = resolve(SRC, 'main.tsx');
const STARTER = resolve(SRC, 'app/start.tsx');
const TRANSLATIONS_START = resolve(SRC, 'lib/i18n-client.ts');
const QUERY_CLIENT = resolve(SRC, 'lib/query-client.ts');
/** The public pages most visitors open first: their code comes with the start. */
const START_PAGES = [
  'features/catalogue/routes/events.tsx',
  'features/catalogue/routes/category.tsx',
  'features/catalogue/routes/promotions.tsx',
  'features/catalogue/routes/event.tsx',
  'features/search/routes/search.tsx',
].map((path) => resolve(SRC, path));
/** The parts of the start's pages loaded once seen, or when the browser is idle. */
const PARTS = [
  'features/premium/components/ad-slot.tsx',
  'features/premium/components/premium-banner.tsx',
  'features/weather/components/forecast-strip.tsx',
  'features/account/components/newsletter-signup.tsx',
  'features/catalogue/components/availability-calendar.tsx',
  'features/catalogue/components/ticket-packages.tsx',
  'features/catalogue/components/ticket-reviews.tsx',
].map((path) => resolve(SRC, path));

const REACT = /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/;
const NODE_MODULES = /[\\/]node_modules[\\/]/;
const STYLESHEET = /\.css$/;
const BUNDLER_HELPERS = /preload-helper|rolldown[\\/]runtime/;

const ICONS_PACKAGE = /[\\/]node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/]lucide-react\.mjs$/;
const ICON_FILE = /[\\/]node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]/;

/** The icons a module of ours imports by name from the icons' package. */
export function iconNames(code: string): string[] {
  const names: string[] = [];
  for (const [, list] of code.matchAll(/import\s*\{([^}]*)\}\s*from\s*["']lucide-react["']/g)) {
    for (const part of (list as string).split(',')) {
      const name = part
        .trim()
        .split(/\s+as\s+/)[0]
        ?.replace(/^type\s+/, '');
      if (name) names.push(name);
    }
  }
  return names;
}

/** Each icon's file by every name the icons' package exports it under. */
export function iconFilesByName(context: Rollup.PluginContext): Map<string, string> {
  const files = new Map<string, string>();
  const barrel = [...context.getModuleIds()].find((id) => ICONS_PACKAGE.test(id));
  const info = barrel === undefined ? null : context.getModuleInfo(barrel);
  if (barrel === undefined || !info?.code) return files;
  const byBase = new Map(info.importedIds.map((id) => [id.split(/[\\/]/).at(-1) as string, id]));
  for (const [, list, from] of info.code.matchAll(/export\s*\{([^}]*)\}\s*from\s*["']([^"']+)["']/g)) {
    const file = byBase.get((from as string).split('/').at(-1) as string);
    if (file === undefined) continue;
    for (const part of (list as string).split(',')) {
      const name = part.trim().split(/\s+as\s+/)[1];
      if (name) files.set(name, file);
    }
  }
  return files;
}

/** The start's files, in the order main.tsx runs them. */
export const START_CHUNKS = ['react', 'translations', 'framework', 'start'] as const;

/** Module ids by the file they go to, filled when the module graph is complete. */
const membership = {
  entry: new Set<string>(),
  translations: new Set<string>(),
  queryClient: new Set<string>(),
  start: new Set<string>(),
  parts: new Set<string>(),
};

export const CODE_SPLITTING = {
  groups: [
    // What the entry imports, with the bundler's helpers, in one file beside it rather than four.
    {
      name: 'entry',
      test: (id: string) =>
        (membership.entry.has(id) && id !== ENTRY && !STYLESHEET.test(id)) || BUNDLER_HELPERS.test(id),
      priority: 50,
    },
    { name: 'react', test: (id: string) => membership.start.has(id) && REACT.test(id), priority: 40 },
    { name: 'translations', test: (id: string) => membership.translations.has(id), priority: 35 },
    {
      name: 'framework',
      test: (id: string) =>
        membership.queryClient.has(id) || (membership.start.has(id) && NODE_MODULES.test(id)),
      priority: 30,
    },
    {
      name: 'start',
      test: (id: string) => membership.start.has(id) && id !== STARTER,
      priority: 20,
      includeDependenciesRecursively: false,
    },
    { name: 'parts', test: (id: string) => membership.parts.has(id), priority: 10 },
    // The icons only other pages show, in one file rather than one each.
    { name: 'icons', test: (id: string) => ICON_FILE.test(id), priority: 5 },
  ],
};

/**
 * Works out which modules go to which of the start's files once the graph is known, and writes
 * their addresses on the entry script of index.html (`data-start-files`), for main.tsx to fetch
 * them after the first paint.
 */
export function startFiles(): Plugin {
  return {
    name: 'sentiero-start-files',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    buildEnd() {
      const iconFiles = iconFilesByName(this);
      /**
       * Every module `roots` import statically, but those in `except`. The icons' package imports
       * every icon it has; only the icons these modules name are followed from it.
       */
      const closure = (roots: string[], except: Set<string>) => {
        const found = new Set<string>();
        const todo = [...roots];
        while (todo.length > 0) {
          const id = todo.pop() as string;
          if (found.has(id) || except.has(id)) continue;
          found.add(id);
          const info = this.getModuleInfo(id);
          if (!NODE_MODULES.test(id)) {
            for (const name of iconNames(info?.code ?? '')) {
              const file = iconFiles.get(name);
              if (file !== undefined) todo.push(file);
            }
          }
          todo.push(...(info?.importedIds ?? []).filter((imported) => !ICON_FILE.test(imported)));
        }
        return found;
      };
      const reactDom = [...this.getModuleIds()].filter((id) => /react-dom[\\/]client\.js$/.test(id));
      // What the entry imports itself is in the entry's file, which must stay small: the page is
      // painted before anything else is asked for.
      membership.entry = closure([ENTRY], new Set());
      membership.translations = closure([TRANSLATIONS_START], membership.entry);
      membership.queryClient = closure([QUERY_CLIENT], membership.entry);
      membership.start = closure([STARTER, ...START_PAGES, ...reactDom], membership.entry);
      membership.parts = closure(PARTS, new Set([...membership.entry, ...membership.start]));
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const chunks = Object.values(context.bundle ?? {}).filter(
          (file): file is Rollup.OutputChunk => file.type === 'chunk',
        );
        const files = [
          ...START_CHUNKS.map((name) =>
            chunks.find((chunk) => chunk.name === name && !chunk.moduleIds.includes(STARTER)),
          ),
          chunks.find((chunk) => chunk.moduleIds.includes(STARTER)),
        ].map((chunk) => chunk?.fileName);
        if (files.some((file) => file === undefined)) {
          throw new Error(`the start's files are missing from the build: ${files.join(', ')}`);
        }
        const list = files.map((file) => `/${file}`).join(' ');
        return html.replace(/<script type="module"/, `<script type="module" data-start-files="${list}"`);
      },
    },
  };
}
