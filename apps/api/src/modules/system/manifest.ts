import type { Language } from '@sentiero/contract/languages';
import { PAGES } from '@sentiero/contract/pages';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../platform/config.ts';

/** The brand's dark green (header, `theme-color`) and the pages' background (Tailwind's stone-50). */
export const MANIFEST_COLOURS = { theme: '#163a29', background: '#fafaf9' } as const;

const TEXTS: Record<Language, { description: string; tickets: string; search: string }> = {
  it: {
    description:
      "Permessi e biglietti per funghi, pesca, sci di fondo, trekking, rafting e altre attività all'aperto, anche offline.",
    tickets: 'I miei biglietti',
    search: 'Cerca',
  },
  en: {
    description:
      'Permits and tickets for mushroom foraging, fishing, cross-country skiing, trekking, rafting and more outdoor activities, even offline.',
    tickets: 'My tickets',
    search: 'Search',
  },
  es: {
    description:
      'Permisos y entradas para setas, pesca, esquí de fondo, senderismo, rafting y otras actividades al aire libre, también sin conexión.',
    tickets: 'Mis entradas',
    search: 'Buscar',
  },
  de: {
    description:
      'Genehmigungen und Tickets für Pilzesammeln, Angeln, Langlauf, Trekking, Rafting und mehr Outdoor-Aktivitäten, auch offline.',
    tickets: 'Meine Tickets',
    search: 'Suchen',
  },
  sl: {
    description:
      'Dovolilnice in vstopnice za nabiranje gob, ribolov, tek na smučeh, pohodništvo, rafting in druge dejavnosti v naravi, tudi brez povezave.',
    tickets: 'Moje vstopnice',
    search: 'Iskanje',
  },
};

/** The web app manifest in `language`: what a phone needs to install the site as an app. */
export function webManifest(brand: string, language: Language) {
  const text = TEXTS[language];
  return {
    // A fixed id: the installed app stays the same app whatever start_url becomes.
    id: '/',
    name: brand,
    short_name: brand,
    description: text.description,
    lang: language,
    dir: 'ltr',
    // `source=pwa` tells visits from the installed app apart in the access logs.
    start_url: PAGES.home.path({ source: 'pwa' }),
    scope: '/',
    display: 'standalone',
    orientation: 'any',
    theme_color: MANIFEST_COLOURS.theme,
    background_color: MANIFEST_COLOURS.background,
    categories: ['travel', 'sports', 'lifestyle'],
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
    ],
    shortcuts: [
      {
        name: text.tickets,
        url: PAGES.myTickets.path({ source: 'pwa' }),
        icons: [{ src: '/icons/icon-192.png', sizes: '192x192' }],
      },
      {
        name: text.search,
        url: PAGES.search.path({ source: 'pwa' }),
        icons: [{ src: '/icons/icon-192.png', sizes: '192x192' }],
      },
    ],
  };
}

/**
 * `/manifest.webmanifest`, in the language of the page that links it (`?lng=`, which the server
 * writes into each page's link: browsers fetch manifests without cookies) and with the configured
 * brand. Served by the API, not from the build, so the brand and languages are the server's.
 */
export function registerWebManifest(app: FastifyInstance, config: Pick<Config, 'brand'>) {
  app.get('/manifest.webmanifest', { schema: { hide: true } }, async (request, reply) =>
    reply
      .type('application/manifest+json; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .header('vary', 'Accept-Language, Cookie')
      .send(JSON.stringify(webManifest(config.brand, request.lang))),
  );
}
