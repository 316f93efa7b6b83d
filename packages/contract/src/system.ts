import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { ROUTES } from './routes.ts';

export const health = defineEndpoint({
  ...ROUTES.health,
  tag: 'system',
  summary: 'Liveness and database reachability.',
  input: z.object({}),
  output: z.object({
    status: z.literal('ok'),
    database: z.object({
      driver: z.enum(['pglite', 'postgres']),
      ok: z.literal(true),
      latency_ms: z.number(),
    }),
    uptime_s: z.number(),
  }),
});

export const ZSite = z
  .object({
    brand: z.string(),
    premium_brand: z.string(),
    map: z.object({ tile_url: z.string(), attribution: z.string() }),
    company: z.object({ name: z.string(), tax_number: z.string(), register_number: z.string() }),
  })
  .meta({ id: 'Site' });
export type Site = z.infer<typeof ZSite>;

export const site = defineEndpoint({
  ...ROUTES.site,
  cache: 'public',
  tag: 'system',
  summary: 'Brand and company data shown in the layout (footer).',
  input: z.object({}),
  output: ZSite,
});
