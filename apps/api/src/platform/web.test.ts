import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';

// A built web app with a server build of its own: the server build counts its renders and takes
// a while over each, as a page asking the database for its data does.
const root = mkdtempSync(join(tmpdir(), 'sentiero-web-'));
const dist = join(root, 'dist');
mkdirSync(dist);
mkdirSync(join(root, 'dist-server'));
writeFileSync(
  join(dist, 'index.html'),
  '<!doctype html>\n<html lang="it">\n  <head>\n    <title>Sentiero</title>\n  </head>\n  <body><div id="root"></div></body>\n</html>\n',
);
writeFileSync(
  join(root, 'dist-server', 'entry-server.js'),
  `
export const isServerRendered = (path) => path === '/';
export function createPageRenderer() {
  return async () => {
    globalThis.sentieroTestRenders = (globalThis.sentieroTestRenders ?? 0) + 1;
    await new Promise((resolve) => setTimeout(resolve, 100));
    return { kind: 'page', status: 200, html: '<main><h1>Permessi e attività</h1></main>' };
  };
}
export async function renderLoadingScreens() {
  return { it: '<p>Caricamento</p>', en: '<p>Loading</p>', es: '<p>Cargando</p>', de: '<p>Wird geladen</p>', sl: '<p>Nalaganje</p>' };
}
`,
);

const renders = () => (globalThis as { sentieroTestRenders?: number }).sentieroTestRenders ?? 0;

let sut: TestApp;
beforeAll(async () => {
  sut = await createTestApp({ WEB_DIST_DIR: dist, PUBLIC_CACHE_SECONDS: '60' });
});
afterAll(async () => {
  await sut.close();
  rmSync(root, { recursive: true, force: true });
});

describe('pages served by the web app', () => {
  it('writes a page once for the visitors who ask for it while it is being written', async () => {
    const before = renders();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => sut.app.inject({ method: 'GET', url: '/?lng=it&burst=1' })),
    );
    expect(renders() - before).toBe(1);
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      expect(answer.body).toContain('<div id="root"><main><h1>Permessi e attività</h1></main></div>');
    }
    expect(new Set(answers.map((answer) => answer.headers.etag)).size).toBe(1);
  });

  it("sends a page the browser renders with the app's loading screen in the page's language", async () => {
    const answer = await sut.app.inject({ method: 'GET', url: '/login?lng=de' });
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toContain('<div id="root"><p>Wird geladen</p></div>');
  });
});
