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

/** The rangers' app: its name and what it does, in each language. */
const RANGER_TEXTS: Record<Language, { name: string; short: string; description: string; scan: string }> = {
  it: {
    name: 'Guardiaparco',
    short: 'Guardie',
    description: 'Controlla permessi e biglietti anche senza rete, registra usi, ispezioni e crescita.',
    scan: 'Controlla un permesso',
  },
  en: {
    name: 'Ranger',
    short: 'Ranger',
    description: 'Check permits and tickets with no network, record uses, inspections and growth.',
    scan: 'Check a permit',
  },
  es: {
    name: 'Guardabosques',
    short: 'Guardas',
    description: 'Comprueba permisos y entradas sin conexión, registra usos, inspecciones y crecimiento.',
    scan: 'Comprobar un permiso',
  },
  de: {
    name: 'Ranger',
    short: 'Ranger',
    description:
      'Genehmigungen und Tickets auch ohne Netz prüfen, Nutzungen, Kontrollen und Wachstum erfassen.',
    scan: 'Genehmigung prüfen',
  },
  sl: {
    name: 'Nadzornik',
    short: 'Nadzornik',
    description: 'Preverjanje dovolilnic in vstopnic brez povezave, beleženje uporab, pregledov in rasti.',
    scan: 'Preveri dovolilnico',
  },
};

/** Where the rangers' app lives: its manifest's scope and its worker's (ADR 048). */
export const RANGER_SCOPE = `${PAGES.ranger.path()}/`;

/**
 * The rangers' app's own manifest (ADR 048): installed apart from the storefront, opening on the
 * scanner, upright, in the scope its own service worker controls.
 */
export function rangerWebManifest(brand: string, language: Language) {
  const text = RANGER_TEXTS[language];
  return {
    id: RANGER_SCOPE,
    name: `${brand} ${text.name}`,
    short_name: text.short,
    description: text.description,
    lang: language,
    dir: 'ltr',
    start_url: RANGER_SCOPE,
    scope: RANGER_SCOPE,
    display: 'standalone',
    orientation: 'portrait',
    theme_color: MANIFEST_COLOURS.theme,
    background_color: '#ffffff',
    categories: ['utilities', 'productivity'],
    icons: [
      { src: '/icons/ranger-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/ranger-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/ranger-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
    shortcuts: [
      { name: text.scan, url: RANGER_SCOPE, icons: [{ src: '/icons/ranger-192.png', sizes: '192x192' }] },
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
  app.get(`${RANGER_SCOPE}manifest.webmanifest`, { schema: { hide: true } }, async (request, reply) =>
    reply
      .type('application/manifest+json; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .header('vary', 'Accept-Language, Cookie')
      .send(JSON.stringify(rangerWebManifest(config.brand, request.lang))),
  );
  // The app's scope ends with a slash, so its worker controls every page of it: `/ranger` is sent there.
  app.get(PAGES.ranger.path(), { schema: { hide: true } }, async (request, reply) => {
    const query = request.url.indexOf('?');
    return reply.redirect(`${RANGER_SCOPE}${query < 0 ? '' : request.url.slice(query)}`, 308);
  });
}
