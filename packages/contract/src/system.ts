import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';

export const health = defineEndpoint({
  path: '/health',
  kind: 'read',
  access: 'public',
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

/**
 * The ways of paying this server is set up for, so the payment step offers no method that would
 * answer NOT_CONFIGURED. A total of zero is always `free`, whatever is configured.
 */
export const ZPaymentMethods = z
  .object({
    /** Who takes cards: the offline simulator (buy with `sandbox`), Stripe (buy with `card`), or nobody. */
    card: z.enum(['sandbox', 'stripe']).nullable(),
    /** What Stripe.js needs in the browser; set exactly when `card` is `stripe`. */
    stripe_publishable_key: z.string().nullable(),
    /** Buy with `paypal`: the answer's `redirect_url` is PayPal's approval page. */
    paypal: z.boolean(),
    /** Buy with `cash`: confirmed at once, paid at the meeting point. */
    cash: z.boolean(),
  })
  .meta({ id: 'PaymentMethods' });
export type PaymentMethods = z.infer<typeof ZPaymentMethods>;

export const ZSite = z
  .object({
    brand: z.string(),
    premium_brand: z.string(),
    map: z.object({ tile_url: z.string(), attribution: z.string() }),
    company: z.object({ name: z.string(), tax_number: z.string(), register_number: z.string() }),
    payment_methods: ZPaymentMethods,
    /** The native apps' store pages (SPEC: mobile app download); null where no app is published. */
    app_links: z.object({ app_store: z.url().nullable(), play_store: z.url().nullable() }),
  })
  .meta({ id: 'Site' });
export type Site = z.infer<typeof ZSite>;

export const site = defineEndpoint({
  path: '/site',
  kind: 'read',
  access: 'public',
  cache: 'public',
  tag: 'system',
  summary:
    "Brand and company data shown in the layout (footer), the payment methods on offer and the native apps' store links.",
  input: z.object({}),
  output: ZSite,
});
