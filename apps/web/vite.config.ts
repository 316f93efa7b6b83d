import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type Rollup, transformWithOxc } from 'vite';
import { CODE_SPLITTING, startFiles } from './code-splitting.ts';
import { precompressFiles } from './precompress.ts';

/**
 * Writes .br and .gz beside each text file of the build, public/'s translations included, so the
 * API serves them without compressing on every request: a permit page on one bar of signal
 * should cost as few bytes as possible.
 */
function precompress(): Plugin {
  return {
    name: 'sentiero-precompress',
    // The browser's build only: the server's (entry-server.tsx) has no service worker or static files.
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    // After every other plugin has written its files, sw.js included.
    enforce: 'post',
    writeBundle(options) {
      precompressFiles(options.dir ?? 'dist');
    },
  };
}

/**
 * What must open with no network, each with the chunks it loads lazily: the two offline pages
 * and the layout around them. The worker saves their files on install, so they open offline
 * after an update too, before the member visits them again online.
 */
const OFFLINE_MODULES = [
  'src/features/tickets/routes/verify.tsx',
  'src/features/tickets/routes/my-tickets.tsx',
  'src/app/public-layout.tsx',
];

/**
 * The rangers' app (ADR 048): its route module, whose lazy imports (the QR decoder and its
 * WebAssembly among them) are saved by its own worker, /ranger/sw.js, with the namespaces it
 * translates in every language and its icons.
 */
const RANGER_MODULES = ['layout', 'scan', 'inspection', 'growth', 'queue'].map(
  (route) => `src/features/ranger/routes/${route}.tsx`,
);
const RANGER_DIRECTORY = 'src/features/ranger/';
const RANGER_NAMESPACES = ['common', 'errors', 'ranger', 'tickets', 'growth'];
const RANGER_ICONS = ['/icons/ranger-192.png', '/icons/ranger-512.png', '/icons/ranger-maskable-512.png'];
const LANGUAGES = ['it', 'en', 'es', 'de', 'sl'];

/**
 * Builds /sw.js from src/service-worker/sw.ts, with the build id and the files it saves on
 * install: the app shell, the files index.html loads, and those of OFFLINE_MODULES. Its name
 * has no hash, so browsers find the next build's worker at the same address. Builds
 * /ranger/sw.js from src/service-worker/ranger-sw.ts the same way, with RANGER_MODULES.
 */
function serviceWorker(buildId: string): Plugin {
  const source = resolve(import.meta.dirname, 'src/service-worker/sw.ts');
  const rangerSource = resolve(import.meta.dirname, 'src/service-worker/ranger-sw.ts');
  return {
    name: 'sentiero-service-worker',
    // The browser's build only: the server's (entry-server.tsx) has no service worker or static files.
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    enforce: 'post',
    async generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter(
        (file): file is Rollup.OutputChunk => file.type === 'chunk',
      );
      const chunkOf = (moduleId: string) => chunks.find((chunk) => chunk.moduleIds.includes(moduleId));
      /** The shell, the entry's files, and each module's with the chunks it loads lazily. */
      const filesFor = (modules: string[], lazyDirectories: string[] = []) => {
        const files = new Set(['index.html']);
        const addChunk = (chunk: Rollup.OutputChunk | undefined) => {
          if (!chunk || files.has(chunk.fileName)) return;
          files.add(chunk.fileName);
          for (const css of chunk.viteMetadata?.importedCss ?? []) files.add(css);
          // The ranger's decoder's WebAssembly is a file its chunk names.
          if (lazyDirectories.length > 0)
            for (const asset of chunk.viteMetadata?.importedAssets ?? []) files.add(asset);
          for (const imported of chunk.imports) addChunk(chunks.find((other) => other.fileName === imported));
        };
        for (const entry of chunks.filter((chunk) => chunk.isEntry)) {
          addChunk(entry);
          // The entry starts the app through an import of its own (main.tsx), after the first paint.
          for (const started of entry.dynamicImports)
            addChunk(chunks.find((chunk) => chunk.fileName === started));
        }
        for (const path of modules) {
          const moduleId = resolve(import.meta.dirname, path);
          const chunk = chunkOf(moduleId);
          if (!chunk) this.error(`${path} is not in the build: update the modules in vite.config.ts`);
          addChunk(chunk);
          for (const lazyId of this.getModuleInfo(moduleId)?.dynamicallyImportedIds ?? [])
            addChunk(chunkOf(lazyId));
        }
        // And what the feature's other modules load lazily (the ranger's QR decoder).
        for (const directory of lazyDirectories) {
          const root = resolve(import.meta.dirname, directory);
          for (const moduleId of this.getModuleIds()) {
            if (!moduleId.startsWith(root)) continue;
            for (const lazyId of this.getModuleInfo(moduleId)?.dynamicallyImportedIds ?? [])
              addChunk(chunkOf(lazyId));
          }
        }
        return [...files].sort().map((file) => `/${file}`);
      };

      const worker = await transformWithOxc(readFileSync(source, 'utf8'), source);
      const build = { id: buildId, precache: filesFor(OFFLINE_MODULES) };
      this.emitFile({
        type: 'asset',
        fileName: 'sw.js',
        source: `const SW_BUILD = ${JSON.stringify(build)};\n${worker.code}`,
      });

      const rangerWorker = await transformWithOxc(readFileSync(rangerSource, 'utf8'), rangerSource);
      const rangerBuild = {
        id: buildId,
        precache: [
          ...filesFor(RANGER_MODULES, [RANGER_DIRECTORY]),
          ...LANGUAGES.flatMap((language) =>
            RANGER_NAMESPACES.map((namespace) => `/locales/${language}/${namespace}.json?v=${buildId}`),
          ),
          ...RANGER_ICONS,
        ],
      };
      this.emitFile({
        type: 'asset',
        fileName: 'ranger/sw.js',
        source: `const RANGER_BUILD = ${JSON.stringify(rangerBuild)};\n${rangerWorker.code.replace(/^export \{\s*\};?\s*$/m, '')}`,
      });
    },
  };
}

/**
 * Puts the stylesheet first in the head, before the app's script and its preloaded modules: a
 * server-rendered page can be painted as soon as its CSS is there, and the browser asks for the
 * files in the order of the head.
 */
function stylesheetFirst(): Plugin {
  return {
    name: 'sentiero-stylesheet-first',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const stylesheets = html.match(/\s*<link rel="stylesheet"[^>]*>/g) ?? [];
        if (stylesheets.length === 0) return html;
        const rest = stylesheets.reduce((page, link) => page.replace(link, ''), html);
        const firstAsset = rest.search(/\s*<(?:script type="module"|link rel="modulepreload")/);
        return firstAsset < 0
          ? html
          : `${rest.slice(0, firstAsset)}${stylesheets.join('')}${rest.slice(firstAsset)}`;
      },
    },
  };
}

// Changes with every build: translation URLs carry it, and the worker's cache is named for it.
const buildId = Date.now().toString(36);
const apiPort = process.env.API_PORT ?? '3001';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss(), startFiles(), stylesheetFirst(), serviceWorker(buildId), precompress()],
  define: { __BUILD_ID__: JSON.stringify(buildId) },
  // The manifest lets `npm run bench` count what the home page loads to start (bench/src/bundle-size.ts).
  build: {
    target: 'es2022',
    sourcemap: false,
    manifest: !isSsrBuild,
    modulePreload: false,
    ...(!isSsrBuild && { rolldownOptions: { output: { codeSplitting: CODE_SPLITTING } } }),
  },
  // The server's build (entry-server.tsx, ADR 016) carries its libraries, React's production
  // build among them whatever NODE_ENV the server runs with: its development build renders
  // pages three to five times slower.
  ...(isSsrBuild && {
    ssr: { noExternal: true },
    define: { __BUILD_ID__: JSON.stringify(buildId), 'process.env.NODE_ENV': JSON.stringify('production') },
  }),
  server: {
    port: Number(process.env.PORT ?? 3000),
    proxy: { '/api': { target: `http://127.0.0.1:${apiPort}`, changeOrigin: false } },
  },
}));
