import type { Page } from '@sentiero/contract/pages';
import type { ReactNode } from 'react';
import type { LazyRouteFunction, NonIndexRouteObject, RouteObject } from 'react-router';
import { toHome } from './guards.ts';
import { Slot } from './slot.tsx';

/* The pieces every part of the route tree is built of. */

export const unknownPath: RouteObject = { path: '*', loader: toHome };

type RouteModule = Awaited<ReturnType<LazyRouteFunction<RouteObject>>>;

/** A page of the table of pages (contract/pages.ts) at its address, its code loaded when first opened. */
export const lazyPage = (page: Page, lazy: LazyRouteFunction<RouteObject>): NonIndexRouteObject => ({
  path: page.pattern,
  lazy,
});

/** A route put together from a page's module and the parts it is given, loaded side by side. */
export function assembled<const Modules extends readonly unknown[]>(
  load: { [Index in keyof Modules]: () => Promise<Modules[Index]> },
  assemble: (...modules: Modules) => RouteModule,
): LazyRouteFunction<RouteObject> {
  return async () => assemble(...((await Promise.all(load.map((module) => module()))) as unknown as Modules));
}

/** A part lent to another feature's page (slot.tsx). */
export const inSlot = (part: ReactNode) => <Slot>{part}</Slot>;
