import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect } from 'react';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { queryClient } from '../lib/query-client.ts';
import { atRenderedAddress, type PageRouter } from './page-data.ts';
import { routes } from './routes.tsx';

type AppRouter = ReturnType<typeof createBrowserRouter>;

/**
 * The browser's router. For a page the server rendered, the lazy modules of its routes are loaded
 * first and its loaders' data taken as it is, so the first render matches the server's HTML.
 * `takesOver` says whether the router was made for that page: a visitor who went back or forward
 * while the routes' code loaded is at another address, whose page the app renders itself.
 */
export async function createAppRouter(
  page?: PageRouter,
  between: () => Promise<void> = async () => {},
): Promise<{ router: AppRouter; takesOver: boolean }> {
  if (page) {
    await Promise.all(
      matchedRoutes(page).map(async (route) => {
        if (typeof route.lazy !== 'function') return;
        const loaded = await route.lazy();
        Object.assign(route, { ...loaded, lazy: undefined } satisfies Partial<RouteObject>);
      }),
    );
    await between();
  }
  const takesOver = page !== undefined && atRenderedAddress(page, window.location);
  const router = createBrowserRouter(
    routes,
    page && takesOver ? { hydrationData: { loaderData: page.loaderData } } : undefined,
  );
  return { router, takesOver };
}

/**
 * The routes the server matched, found by their ids (the router numbers routes by their place in
 * the tree, `0-4-2`): matching the address against the whole tree again costs a phone a long
 * task. Ids that name no route (a tree that differs from the server's) are matched by address.
 */
function matchedRoutes(page: PageRouter): RouteObject[] {
  return (
    routesByIds(page.matches) ?? (matchRoutes(routes, window.location) ?? []).map((match) => match.route)
  );
}

/** The routes of the tree with these ids, or undefined if one of them names none. */
export function routesByIds(ids: string[]): RouteObject[] | undefined {
  const found = ids.map((id) =>
    id
      .split('-')
      .map(Number)
      .reduce<RouteObject | undefined>(
        (route, index, at) => (at === 0 ? routes[index] : route?.children?.[index]),
        undefined,
      ),
  );
  return found.every((route): route is RouteObject => route !== undefined) ? found : undefined;
}

export function App({ router }: { router: AppRouter }) {
  // Says the app has taken the page over (a server-rendered page is hydrated from here on).
  useEffect(() => {
    document.documentElement.dataset.app = 'ready';
  }, []);
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
