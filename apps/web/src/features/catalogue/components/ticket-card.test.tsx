import type { TicketCard as TicketCardData } from '@sentiero/contract/tickets';
import { createInstance } from 'i18next';
import { renderToString } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { TicketCard } from './ticket-card.tsx';

// The build's id, which the translations' URLs carry, is written in by Vite; the card's price needs it.
vi.hoisted(() => Object.assign(globalThis, { __BUILD_ID__: 'test' }));

const rafting: TicketCardData = {
  id: 12,
  slug: 'sesia-rafting-half-day',
  title: 'Half a day of rafting on the Sesia',
  area: { id: 4, slug: 'valsesia', name: 'Valsesia' },
  region: { id: 2, name: 'Piedmont' },
  country: 'IT',
  activity: { slug: 'rafting', name: 'Rafting', icon: 'waves' },
  category_id: 16,
  duration_type: 'HOURLY',
  price_cents: 5500,
  discounted_price_cents: null,
  member_price_cents: null,
  currency: 'EUR',
  min_age: 12,
  on_sale: true,
  photo: null,
};

const files = (format: string) =>
  [320, 640, 960].map((width) => ({
    width,
    url: `/api/app/catalogue/photo/file?id=5&w=${width}&format=${format}&v=abc`,
  }));

/** The operator's photo of the put-in, as the ticket answers carry it. */
const withPhoto: TicketCardData = {
  ...rafting,
  photo: {
    id: 5,
    width: 960,
    height: 600,
    alt: 'Rafts at the put-in on the Sesia',
    sources: { avif: files('avif'), webp: files('webp'), jpeg: files('jpeg') },
    src: '/api/app/catalogue/photo/file?id=5&w=640&format=jpeg&v=abc',
  },
};

const i18n = createInstance();
beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    lng: 'en',
    resources: { en: { catalogue: { duration: { HOURLY: 'A few hours' } } } },
  });
});

const render = (priority?: boolean, ticket: TicketCardData = rafting) =>
  renderToString(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter>
        <TicketCard ticket={ticket} priority={priority} />
      </MemoryRouter>
    </I18nextProvider>,
  );

describe('TicketCard', () => {
  it("shows the activity's drawing in a box of fixed size, so the list does not jump as it loads", () => {
    const img = render().match(/<img [^>]*>/)?.[0] ?? '';
    expect(img).toContain('src="/illustrations/rafting.svg"');
    expect(img).toMatch(/width="\d+"/);
    expect(img).toMatch(/height="\d+"/);
    expect(img).toContain('loading="lazy"');
  });

  it('lets the first card of a page fetch its picture at once', () => {
    expect(render(true)).toContain('fetchPriority="high"');
  });

  it("shows the operator's photo instead of the drawing: AVIF, WebP and JPEG at every width, its own size, lazily", () => {
    const html = render(false, withPhoto);
    expect(html).not.toContain('/illustrations/');
    const picture = html.match(/<picture[^>]*>.*?<\/picture>/)?.[0] ?? '';
    const sources = [...picture.matchAll(/<source [^>]*>/g)].map(([source]) => source);
    expect(sources.map((source) => source.match(/type="([^"]+)"/)?.[1])).toEqual([
      'image/avif',
      'image/webp',
    ]);
    expect(sources[0]).toContain(
      'srcSet="/api/app/catalogue/photo/file?id=5&amp;w=320&amp;format=avif&amp;v=abc 320w, /api/app/catalogue/photo/file?id=5&amp;w=640&amp;format=avif&amp;v=abc 640w, /api/app/catalogue/photo/file?id=5&amp;w=960&amp;format=avif&amp;v=abc 960w"',
    );
    for (const source of sources) expect(source).toMatch(/sizes="[^"]*363px/);
    const img = picture.match(/<img [^>]*>/)?.[0] ?? '';
    expect(img).toContain('src="/api/app/catalogue/photo/file?id=5&amp;w=640&amp;format=jpeg&amp;v=abc"');
    expect(img).toMatch(/srcSet="[^"]*format=jpeg[^"]* 960w"/);
    expect(img).toContain('alt="Rafts at the put-in on the Sesia"');
    expect(img).toContain('width="960"');
    expect(img).toContain('height="600"');
    expect(img).toContain('loading="lazy"');
  });

  it("fetches the first card's photo at once and first", () => {
    const img = render(true, withPhoto).match(/<img [^>]*>/)?.[0] ?? '';
    expect(img).toContain('loading="eager"');
    expect(img).toContain('fetchPriority="high"');
  });
});
