import { readFileSync } from 'node:fs';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createInstance } from 'i18next';
import { renderToString } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { HomeSearch } from './home-search.tsx';

vi.mock('../../../lib/i18n.ts', () => ({ currentLanguage: () => 'it', useCurrentLanguage: () => 'it' }));

const common = JSON.parse(
  readFileSync(new URL('../../../../public/locales/it/common.json', import.meta.url), 'utf8'),
);
const i18n = createInstance();
beforeAll(async () => {
  await i18n
    .use(initReactI18next)
    .init({ lng: 'it', ns: ['common'], defaultNS: 'common', resources: { it: { common } } });
});

function render() {
  const queries = new QueryClient();
  queries.setQueryData(['regions', 'it', 'all'], {
    region_list: [],
    country_list: [
      { code: 'IT', name: 'Italia' },
      { code: 'SI', name: 'Slovenia' },
    ],
  });
  return renderToString(
    <QueryClientProvider client={queries}>
      <I18nextProvider i18n={i18n}>
        <MemoryRouter>
          <HomeSearch />
        </MemoryRouter>
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

/** The text of the label naming the control `name`. */
function labelOf(html: string, name: string): string | undefined {
  const id = html.match(new RegExp(`<(?:input|select)[^>]*id="([^"]+)"[^>]*name="${name}"`))?.[1];
  return id ? html.match(new RegExp(`<label[^>]*for="${id}"[^>]*>([^<]+)</label>`))?.[1] : undefined;
}

describe('the home page search box', () => {
  it('is a search landmark whose every field has a visible label', () => {
    const html = render();
    expect(html).toMatch(/^<search[^>]*><form[^>]*aria-label="Cerca un&#x27;attività"/);
    expect(labelOf(html, 'q')).toBe('Cosa vuoi fare?');
    expect(labelOf(html, 'country')).toBe('Dove');
    expect(labelOf(html, 'start_date')).toBe('Quando');
    expect(html).toMatch(/<button type="submit"[^>]*>.*Cerca<\/button>/);
  });

  it('offers anywhere first, chosen, then the countries of the catalogue', () => {
    const options = [...render().matchAll(/<option value="([^"]+)"( selected="")?>([^<]+)</g)].map(
      ([, value, selected, label]) => [value, label, Boolean(selected)],
    );
    expect(options).toEqual([
      ['any', 'Ovunque', true],
      ['IT', 'Italia', false],
      ['SI', 'Slovenia', false],
    ]);
  });
});
