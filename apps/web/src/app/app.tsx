import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect } from 'react';
import { createBrowserRouter, type HydrationState, matchRoutes, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { queryClient } from '../lib/query-client.ts';
import { routes } from './routes.tsx';

type AppRouter = ReturnType<typeof createBrowserRouter>;

/**
 * The browser's router. For a page the server rendered, the lazy modules of its routes are loaded
 * first and its loaders' data taken as it is, so the first render matches the server's HTML.
 */
export async function createAppRouter(
  hydrationData?: Pick<HydrationState, 'loaderData'>,
  between: () => Promise<void> = async () => {},
): Promise<AppRouter> {
  if (hydrationData) {
    const matches = matchRoutes(routes, window.location) ?? [];
    await Promise.all(
      matches.map(async ({ route }) => {
        if (typeof route.lazy !== 'function') return;
        const loaded = await route.lazy();
        Object.assign(route, { ...loaded, lazy: undefined } satisfies Partial<RouteObject>);
      }),
    );
    await between();
  }
  return createBrowserRouter(routes, hydrationData ? { hydrationData } : undefined);
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
