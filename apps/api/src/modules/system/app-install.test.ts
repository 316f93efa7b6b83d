import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../platform/config.ts';
import { withLanguage } from '../../platform/page-head.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';

const APP_STORE = 'https://apps.apple.com/it/app/sentiero/id1234567890';
const PLAY_STORE = 'https://play.google.com/store/apps/details?id=it.sentiero.app';

let sut: TestApp;
beforeAll(async () => {
  sut = await createTestApp({ BRAND_NAME: 'Boschi', APP_STORE_URL: APP_STORE, PLAY_STORE_URL: PLAY_STORE });
});
afterAll(() => sut.close());

describe('/manifest.webmanifest', () => {
  it('describes an installable app: name, icons with maskable ones, start page, standalone display', async () => {
    const response = await sut.app.inject({ method: 'GET', url: '/manifest.webmanifest?lng=it' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/manifest+json; charset=utf-8');
    const manifest = response.json();
    expect(manifest).toMatchObject({
      name: 'Boschi',
      short_name: 'Boschi',
      lang: 'it',
      dir: 'ltr',
      start_url: '/?source=pwa',
      scope: '/',
      display: 'standalone',
      theme_color: '#163a29',
      background_color: '#fafaf9',
    });
    expect(manifest.description).toMatch(/funghi/);
    expect(manifest.categories).toContain('travel');
    const icons = manifest.icons as Array<{ src: string; sizes: string; purpose: string; type: string }>;
    for (const size of ['192x192', '512x512']) {
      expect(
        icons.some((icon) => icon.sizes === size && icon.purpose === 'any' && icon.type === 'image/png'),
      ).toBe(true);
      expect(icons.some((icon) => icon.sizes === size && icon.purpose === 'maskable')).toBe(true);
    }
  });

  it('speaks the language of the page that links it', async () => {
    const german = (await sut.app.inject({ method: 'GET', url: '/manifest.webmanifest?lng=de' })).json();
    expect(german.lang).toBe('de');
    expect(german.description).toMatch(/Pilzesammeln/);
    expect(german.shortcuts.map((shortcut: { name: string }) => shortcut.name)).toContain('Meine Tickets');
  });

  it('is linked from every page in the page language, with the apple-touch icon', () => {
    const shell = '<html lang="it"><head><link rel="manifest" href="/manifest.webmanifest" /></head></html>';
    expect(withLanguage(shell, 'sl')).toContain(
      '<link rel="manifest" href="/manifest.webmanifest?lng=sl" />',
    );
  });
});

describe('/ranger/manifest.webmanifest', () => {
  it("installs the rangers' app apart: its own id, scope and start page under /ranger/, upright, its own icons", async () => {
    const response = await sut.app.inject({ method: 'GET', url: '/ranger/manifest.webmanifest?lng=de' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/manifest+json; charset=utf-8');
    const manifest = response.json();
    expect(manifest).toMatchObject({
      id: '/ranger/',
      name: 'Boschi Ranger',
      lang: 'de',
      start_url: '/ranger/',
      scope: '/ranger/',
      display: 'standalone',
      orientation: 'portrait',
    });
    expect(manifest.description).toMatch(/ohne Netz/);
    const icons = manifest.icons as Array<{ src: string; sizes: string; purpose: string }>;
    expect(icons.every((icon) => icon.src.startsWith('/icons/ranger-'))).toBe(true);
    expect(icons.some((icon) => icon.sizes === '512x512' && icon.purpose === 'maskable')).toBe(true);
  });

  it("is the manifest the app's pages link, and /ranger goes to the app's scope", async () => {
    const shell = '<html lang="it"><head><link rel="manifest" href="/manifest.webmanifest" /></head></html>';
    expect(withLanguage(shell, 'it', '/ranger/inspection')).toContain(
      '<link rel="manifest" href="/ranger/manifest.webmanifest?lng=it" />',
    );
    expect(withLanguage(shell, 'it', '/rangers')).toContain('href="/manifest.webmanifest?lng=it"');
    const redirect = await sut.app.inject({ method: 'GET', url: '/ranger?lng=sl' });
    expect(redirect.statusCode).toBe(308);
    expect(redirect.headers.location).toBe('/ranger/?lng=sl');
  });
});

describe('/api/site, app links', () => {
  it('gives the store pages of the native apps when they are configured', async () => {
    const site = (await sut.app.inject({ method: 'GET', url: '/api/site' })).json();
    expect(site.app_links).toEqual({ app_store: APP_STORE, play_store: PLAY_STORE });
  });

  it('refuses a store link that is not https', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', APP_STORE_URL: 'http://apps.apple.com/x' })).toThrow();
  });
});
