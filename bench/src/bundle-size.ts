import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { ROOT } from './server.ts';

type ManifestChunk = { file: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[] };

/**
 * The JavaScript a browser fetches to start the home page, gzipped (DESIGN budget: 120 KB): the
 * entry script of the built index.html, the app it starts after the first paint (ADR 016) and
 * every module those import, read from Vite's build manifest.
 */
export function measureHomeJavaScript(): {
  files: { file: string; gzipBytes: number }[];
  totalGzipBytes: number;
} {
  const dist = join(ROOT, 'apps/web/dist');
  const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const entry = manifest['index.html'];
  if (!entry) throw new Error('the build manifest has no index.html entry');
  const keys = new Set<string>();
  const visit = (key: string) => {
    if (keys.has(key)) return;
    keys.add(key);
    for (const imported of manifest[key]?.imports ?? []) visit(imported);
  };
  visit('index.html');
  for (const started of entry.dynamicImports ?? []) visit(started);
  const files = [...keys].map((key) => {
    const file = (manifest[key] as ManifestChunk).file;
    return { file, gzipBytes: gzipSync(readFileSync(join(dist, file)), { level: 9 }).length };
  });
  return { files, totalGzipBytes: files.reduce((sum, file) => sum + file.gzipBytes, 0) };
}
