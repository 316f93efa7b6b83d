import { describe, expect, it } from 'vitest';
import { browserRenderedShells } from './app-shell.ts';

const BUILT_SHELL = [
  '<!doctype html>',
  '<html lang="it">',
  '  <head>',
  '    <title>Sentiero</title>',
  '    <script type="module" data-start-files="/assets/react-a.js /assets/start-b.js" crossorigin src="/assets/index-c.js"></script>',
  '  </head>',
  '  <body><div id="root"></div></body>',
  '</html>',
].join('\n');

describe('the shell of a page the browser renders', () => {
  const shells = browserRenderedShells(BUILT_SHELL);

  it("shows the app's loading spinner from the first paint, labelled in the page's language", () => {
    expect(shells.it).toMatch(
      /<div id="root"><div role="status" aria-label="Caricamento"[^>]*>.*<\/div><\/div>/,
    );
    expect(shells.de).toContain('aria-label="Wird geladen"');
    expect(shells.sl).toContain('>Nalaganje</span>');
    expect(shells.en).not.toContain('<div id="root"></div>');
  });

  it('leaves the rest of the shell as built', () => {
    expect(shells.it.replace(/<div id="root">.*<\/div><\/div>/, '<div id="root"></div>')).toBe(BUILT_SHELL);
  });
});
