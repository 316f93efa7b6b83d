import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Files of a build that compress well: text (the bundle, translations, icons, manifest) and the QR decoder's WebAssembly. */
const TEXT_FILE = /\.(?:js|mjs|css|html|json|svg|webmanifest|xml|txt|wasm)$/;
// Below 1 KB compression saves less than a packet; such files go as they are.
const MIN_BYTES = 1024;

/**
 * Writes a .br and a .gz copy beside every text file under `dir`, at the highest settings: it
 * is done once per build, and the API sends them to browsers that accept them. Returns the
 * files it compressed, relative to `dir`.
 */
export function precompressFiles(dir: string): string[] {
  const files = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((file) =>
    TEXT_FILE.test(file),
  );
  const compressed: string[] = [];
  for (const file of files) {
    const path = join(dir, file);
    const content = readFileSync(path);
    if (content.length < MIN_BYTES) continue;
    writeFileSync(`${path}.gz`, gzipSync(content, { level: 9 }));
    writeFileSync(
      `${path}.br`,
      brotliCompressSync(content, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 11,
          [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
        },
      }),
    );
    compressed.push(file);
  }
  return compressed;
}
