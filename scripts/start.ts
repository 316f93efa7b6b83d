/**
 * `npm start`: builds the web app when its sources are newer than the last build, then starts
 * the API, which serves the app and migrates and seeds the database on first start.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const web = join(root, 'apps/web');
const builtIndex = join(web, 'dist/index.html');
// The server's build of the public pages (ADR 016), made with the browser's.
const builtServerEntry = join(web, 'dist-server/entry-server.js');
const inputs = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/precompress.ts',
  'apps/web/code-splitting.ts',
  'packages/contract/src',
];

function newestChange(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce(
    (newest, entry) => Math.max(newest, newestChange(join(path, entry))),
    stat.mtimeMs,
  );
}

const sourcesChanged = () => Math.max(...inputs.map((input) => newestChange(join(root, input))));

const built = Math.min(
  ...[builtIndex, builtServerEntry].map((file) => (existsSync(file) ? statSync(file).mtimeMs : 0)),
);
if (built < sourcesChanged()) {
  console.log('Building the web app…');
  const { build } = await import('vite');
  // The web app is always built for production: a NODE_ENV=development given for the API (the
  // journeys use the card simulator and the mailbox) would make Vite compile JSX for React's
  // development runtime, which the server's production React does not have. The API then sees
  // what was given.
  const environment = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  await build({ root: web, logLevel: 'warn' });
  await build({ root: web, logLevel: 'warn', build: { ssr: 'src/entry-server.tsx', outDir: 'dist-server' } });
  if (environment === undefined) delete process.env.NODE_ENV;
  else process.env.NODE_ENV = environment;
}

await import('../apps/api/src/main.ts');
