import { type Query, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createInstance } from 'i18next';
import { renderToString } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { SearchPage } from './search.tsx';

const i18n = createInstance();
beforeAll(async () => {
  await i18n.use(initReactI18next).init({ lng: 'it', resources: {} });
});

/**
 * The search queries `/search<address>` would send: the ones its render leaves waiting and
 * enabled, which the server fetches before sending the page (entry-server.tsx) and the browser
 * on mounting it.
 */
function searchesAsked(address: string): Query[] {
  const queries = new QueryClient();
  renderToString(
    <QueryClientProvider client={queries}>
      <I18nextProvider i18n={i18n}>
        <MemoryRouter initialEntries={[`/search${address}`]}>
          <SearchPage renderResults={() => null} />
        </MemoryRouter>
      </I18nextProvider>
    </QueryClientProvider>,
  );
  return queries
    .getQueryCache()
    .findAll({ queryKey: ['search', 'results'] })
    .filter(
      (query) =>
        query.state.status === 'pending' && (query.options as { enabled?: boolean }).enabled !== false,
    );
}

describe('the search page', () => {
  it('asks for nothing before a search is made, rather than the whole catalogue', () => {
    expect(searchesAsked('')).toHaveLength(0);
  });

  it('asks nothing for a search sent with every field blank, which it refuses', () => {
    expect(searchesAsked('?q=&country=any&start_date=')).toHaveLength(0);
  });

  it('asks for the results of a word, a place or a day', () => {
    for (const address of ['?q=rafting', '?country=SI', '?start_date=2027-07-10']) {
      expect(searchesAsked(address)).toHaveLength(1);
    }
  });
});
