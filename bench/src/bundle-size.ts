import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { ROOT } from './server.ts';

/**
 * The JavaScript a browser must fetch before the home page runs: the entry script and the
 * modules it preloads, as listed in the built index.html, gzipped (DESIGN budget: 120 KB).
 */
export function measureHomeJavaScript(): {
  files: { file: string; gzipBytes: number }[];
  totalGzipBytes: number;
} {
  const dist = join(ROOT, 'apps/web/dist');
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const sources = [
    ...html.matchAll(/<(?:script[^>]+src|link[^>]+rel="modulepreload"[^>]+href)="([^"]+\.js)"/g),
  ].map((match) => match[1] ?? '');
  const files = sources.map((source) => ({
    file: source,
    gzipBytes: gzipSync(readFileSync(join(dist, source)), { level: 9 }).length,
  }));
  return { files, totalGzipBytes: files.reduce((sum, file) => sum + file.gzipBytes, 0) };
}
