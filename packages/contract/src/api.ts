import type { z } from 'zod';
import type { categoryList, regionList } from './catalogue.ts';
import type { RouteName } from './routes.ts';
import type { health, site } from './system.ts';

/** Endpoint types by route name, for clients that must not load the schemas themselves. */
export type Api = {
  health: typeof health;
  site: typeof site;
  categoryList: typeof categoryList;
  regionList: typeof regionList;
};

export type ApiInput<N extends RouteName> = z.input<Api[N]['input']>;
export type ApiOutput<N extends RouteName> = z.output<Api[N]['output']>;
