import { readFileSync } from 'node:fs';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createInstance } from 'i18next';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { useGuide } from '../api.ts';
import { testGuide } from '../test-guide.ts';

vi.hoisted(() => Object.assign(globalThis, { __BUILD_ID__: 'test' }));
vi.mock('react-router', async (original) => ({
  ...(await original<typeof import('react-router')>()),
  useLoaderData: () => ({ slug: 'death-cap' }),
}));
type Reading = ReturnType<typeof useGuide>;
const reading = vi.hoisted(() => ({ current: {} as Reading }));
vi.mock('../api.ts', () => ({ useGuide: () => reading.current, getGuideQueryOptions: () => ({}) }));

const english = (namespace: string) =>
  JSON.parse(
    readFileSync(new URL(`../../../../public/locales/en/${namespace}.json`, import.meta.url), 'utf8'),
  );

let GuidePage: typeof import('./guide.tsx').GuidePage;
let render: (ui: ReactNode) => string;
beforeAll(async () => {
  ({ GuidePage } = await import('./guide.tsx'));
  const i18n = createInstance();
  await i18n.use(initReactI18next).init({
    lng: 'en',
    ns: ['common', 'guides'],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    resources: { en: { common: english('common'), guides: english('guides') } },
  });
  render = (ui) =>
    renderToString(
      <QueryClientProvider client={new QueryClient()}>
        <I18nextProvider i18n={i18n}>
          <MemoryRouter>{ui}</MemoryRouter>
        </I18nextProvider>
      </QueryClientProvider>,
    );
});

const read = (overrides: Partial<Reading>): Reading => ({
  guide: undefined,
  savedAt: null,
  checkingMembership: false,
  offline: false,
  isPending: false,
  isError: false,
  notFound: false,
  refetch: () => undefined,
  ...overrides,
});
afterEach(() => {
  reading.current = read({});
});

const text = (html: string) =>
  html
    .replace(/<!--.*?-->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');
const banner = <aside>Join Sentiero+</aside>;

describe('a guide page', () => {
  it('shows a reader without Sentiero+ the sample, the safety box and what the rest holds, with the invitation', () => {
    reading.current = read({ guide: testGuide({ full: false }) });
    const html = render(<GuidePage banner={banner} />);
    expect(text(html)).toContain('Look at the whole mushroom.');
    expect(text(html)).toContain('Before you eat any mushroom');
    expect(text(html)).toContain('The rest of this guide comes with Sentiero+');
    expect(text(html)).toContain('Join Sentiero+');
    expect(text(html)).toContain('The symptoms and what to do (with Sentiero+)');
    expect(html).not.toContain('Amanita phalloides');
  });

  it('shows a member the species cards after their section, each rating in words beside its colour and icon', () => {
    reading.current = read({ guide: testGuide({ full: true }) });
    const html = render(<GuidePage banner={banner} />);
    expect(html).not.toContain('Join Sentiero+');
    expect(text(html)).toContain('Saved on this phone');
    const species = html.indexOf('Amanita phalloides');
    expect(species).toBeGreaterThan(html.indexOf('Look at the'));
    expect(species).toBeLessThan(html.indexOf('Call 112 at once.'));
    expect(text(html)).toMatch(/Deadly .*Not to be confused with .*Green-cracking russula .*Edible/);
    expect(html).toMatch(/<svg[^>]*lucide-skull/);
  });

  it('says when it shows the copy saved on the phone, and when there is none to show offline', () => {
    reading.current = read({
      guide: testGuide({ full: true }),
      savedAt: '2026-10-12T06:30:00.000Z',
      offline: true,
    });
    expect(text(render(<GuidePage banner={banner} />))).toMatch(
      /You are offline: this is the copy saved on this phone on (October 12,|12 October) 2026\./,
    );
    reading.current = read({ offline: true, isError: true });
    expect(text(render(<GuidePage banner={banner} />))).toContain(
      'this guide is not saved on this phone yet',
    );
  });

  it('waits for a member’s own answer without flashing the invitation', () => {
    reading.current = read({ guide: testGuide({ full: false }), checkingMembership: true });
    const html = render(<GuidePage banner={banner} />);
    expect(text(html)).toContain('Loading the full guide');
    expect(html).not.toContain('Join Sentiero+');
  });
});
