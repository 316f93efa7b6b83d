import { PAGE_NAMES, PAGES } from '@sentiero/contract/pages';
import { createStaticHandler, matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { isServerRendered } from '../entry-server.tsx';
import { routesByIds } from './app.tsx';
import { routes } from './routes.tsx';

/** The address of each route of the tree that has one of its own (`*` excepted). */
function routeAddresses(tree: RouteObject[], parent = ''): string[] {
  return tree.flatMap((route) => {
    const path = route.path?.startsWith('/')
      ? route.path
      : `${parent}/${route.path ?? ''}`.replace(/\/+/g, '/');
    const own = route.path && route.path !== '*' ? [path] : [];
    return [...own, ...routeAddresses(route.children ?? [], route.path ? path : parent)];
  });
}

/** A path to the page, its parameters filled in. */
const samplePath = (pattern: string) => pattern.replace(/:[^/]+/g, '12');

describe('the route tree and the table of pages', () => {
  it('has a route for every page of the table, and none besides', () => {
    const addresses = routeAddresses(routes).filter((address) => address !== '/');
    const patterns = PAGE_NAMES.map((name) => PAGES[name].pattern).filter((pattern) => pattern !== '/');
    expect(addresses.sort()).toEqual(patterns.sort());
  });

  it.each(PAGE_NAMES)('opens %s at its address, on the server exactly when the table says so', (name) => {
    const page = PAGES[name];
    const path = samplePath(page.pattern);
    const matched = (matchRoutes(routes, path) ?? []).filter((match) => match.route.path);
    expect(matched.at(-1)?.route.path).toBe(page.pattern);
    expect(isServerRendered(path)).toBe(page.serverRendered);
  });

  it('renders on the server the public pages the layout links to', () => {
    for (const path of ['/', '/events', '/event/1', '/search', '/blog', '/guides', '/plus', '/contact']) {
      expect(isServerRendered(path), path).toBe(true);
    }
    for (const path of ['/event/1/payment', '/user', '/user/mytickets', '/login', '/verify']) {
      expect(isServerRendered(path), path).toBe(false);
    }
  });

  it('finds in the browser, by the ids the server sends, the routes the server matched', () => {
    const { dataRoutes } = createStaticHandler(routes);
    for (const path of routeAddresses(routes).map(samplePath)) {
      const ids = (matchRoutes(dataRoutes, path) ?? []).map((match) => match.route.id);
      const expected = (matchRoutes(routes, path) ?? []).map((match) => match.route);
      expect(ids.length, path).toBeGreaterThan(0);
      expect(routesByIds(ids), path).toEqual(expected);
    }
    expect(routesByIds(['0', '0-999'])).toBeUndefined();
  });
});
