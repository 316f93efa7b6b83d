import { describe, expect, it } from 'vitest';
import { browserRenderedShells } from './app-shell.ts';

const BUILT_SHELL = [
  '<!doctype html>',
  '<html lang="it">',
  '  <head>',
  '    <title>Sentiero</title>',
  '  </head>',
  '  <body><div id="root"></div></body>',
  '</html>',
].join('\n');

const SCREENS = {
  it: '<p>Caricamento</p>',
  en: '<p>Loading</p>',
  es: '<p>Cargando</p>',
  de: '<p>Wird geladen</p>',
  sl: '<p>Nalaganje</p>',
};

describe('the shell of a page the browser renders', () => {
  it("holds the app's loading screen in the page's language, the rest as built", () => {
    const shells = browserRenderedShells(BUILT_SHELL, SCREENS);
    expect(shells.de).toContain('<body><div id="root"><p>Wird geladen</p></div></body>');
    expect(shells.it.replace('<p>Caricamento</p>', '')).toBe(BUILT_SHELL);
  });

  it('is the shell as built without a server build to render the screen', () => {
    expect(browserRenderedShells(BUILT_SHELL, undefined).sl).toBe(BUILT_SHELL);
  });
});
