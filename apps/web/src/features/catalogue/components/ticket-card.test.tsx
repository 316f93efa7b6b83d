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
};

const i18n = createInstance();
beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    lng: 'en',
    resources: { en: { catalogue: { duration: { HOURLY: 'A few hours' } } } },
  });
});

const render = (priority?: boolean) =>
  renderToString(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter>
        <TicketCard ticket={rafting} priority={priority} />
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
});
