import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderLoadingScreens } from './entry-server.tsx';

describe("the app's loading screen for the pages the browser renders", () => {
  it("is the app's large spinner, labelled in each language", async () => {
    const screens = await renderLoadingScreens(resolve(import.meta.dirname, '../public/locales'));
    expect(screens.it).toMatch(/^<div role="status" aria-label="Caricamento"[^>]*><span class="size-14 /);
    expect(screens.it).toContain('>Caricamento</span>');
    expect(screens.de).toContain('aria-label="Wird geladen"');
    expect(screens.en).toContain('>Loading</span>');
    expect(screens.es).toContain('>Cargando</span>');
    expect(screens.sl).toContain('>Nalaganje</span>');
  });
});
