import type { Language } from '@sentiero/contract/languages';
import type { FetchQueryOptions, QueryClient } from '@tanstack/react-query';
import { createContext, data, type RouterContextProvider } from 'react-router';
import { ApiRequestError } from './api-error.ts';
import { currentLanguage } from './i18n.ts';
import { queryClient } from './query-client.ts';

/** What a loader throws for a page that does not exist: the error screen shows "Not Found". */
export function notFoundPage() {
  return data(null, { status: 404, statusText: 'Not Found' });
}

/** A route parameter that must be a positive integer id; anything else is a 404 page. */
export function requireIdParam(value: string | undefined): number {
  const id = Number(value);
  if (!Number.isInteger(id) || id <= 0) throw notFoundPage();
  return id;
}

/** Turns the API's 404 into the route's 404, so the error screen shows "Not Found". */
export async function orNotFound<T>(promise: Promise<T>): Promise<T> {
  try {
    return await promise;
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 404) throw notFoundPage();
    throw error;
  }
}

/**
 * Where a loader puts what it fetches, and in which language: in the browser the app's query
 * client and current language; on the server the request's own (entry-server.tsx), so two
 * visitors rendered at once never share answers.
 */
export type PageScope = { queryClient: QueryClient; language: Language };

export const pageScopeContext = createContext<PageScope | null>(null);

export function pageScope(context: Readonly<RouterContextProvider>): PageScope {
  return context.get(pageScopeContext) ?? { queryClient, language: currentLanguage() };
}

/**
 * A loader's reads, started as the route is entered. The server waits for them, so the page is
 * written in one render; the browser does not, so a link opens at once and the page shows its
 * own loading state. A failed read is left to the page, which shows it with its retry button.
 */
export async function prefetch(
  context: Readonly<RouterContextProvider>,
  // biome-ignore lint/suspicious/noExplicitAny: each read has its own answer type
  reads: (scope: PageScope) => FetchQueryOptions<any, any, any, any>[],
): Promise<null> {
  const scope = pageScope(context);
  const started = Promise.all(reads(scope).map((options) => scope.queryClient.prefetchQuery(options)));
  if (import.meta.env.SSR) await started;
  return null;
}
