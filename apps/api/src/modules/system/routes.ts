import { health, site } from '@sentiero/contract/system';
import type { Database } from '@sentiero/db/client';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../platform/config.ts';
import { AppError } from '../../platform/errors.ts';
import { registerEndpoint } from '../../platform/http.ts';
import { describePaymentMethods } from '../../platform/payments/offered.ts';
import { registerWebManifest } from './manifest.ts';

export function registerSystemRoutes(
  app: FastifyInstance,
  { config, database }: { config: Config; database: Database },
) {
  const ping = sharedPing(database);
  registerEndpoint(app, health, async (_ctx, _input, request, reply) => {
    reply.header('cache-control', 'no-store');
    const latency = await ping().catch((err: unknown) => {
      request.log.error({ err }, 'database unreachable');
      return undefined;
    });
    // A load balancer takes this process out of rotation on a 503.
    if (latency === undefined) throw new AppError('SERVICE_UNAVAILABLE', 503);
    return {
      status: 'ok' as const,
      database: { driver: database.driver, ok: true as const, latency_ms: Math.round(latency * 100) / 100 },
      uptime_s: Math.round(process.uptime()),
    };
  });

  registerEndpoint(app, site, async () => ({
    brand: config.brand,
    premium_brand: `${config.brand}+`,
    map: { tile_url: config.map.tileUrl, attribution: config.map.attribution },
    company: {
      name: config.company.name,
      tax_number: config.company.taxNumber,
      register_number: config.company.registerNumber,
    },
    payment_methods: describePaymentMethods(config.payments),
    app_links: { app_store: config.appLinks.appStore, play_store: config.appLinks.playStore },
  }));
  registerWebManifest(app, config);
}

/** How long a successful database check answers for the health checks that follow it. */
const PING_REUSE_MS = 1000;

/**
 * Health checks that arrive together share one round trip to the database, and a successful one
 * stands for a second: a load balancer polling every few seconds always gets a check made for it,
 * while a flood of checks (many balancers, a monitoring storm) costs the database one query a
 * second. A failed check is never reused, so the next one tries again at once.
 */
function sharedPing(database: Database): () => Promise<number> {
  let inFlight: Promise<number> | undefined;
  let last: { latency: number; at: number } | undefined;
  return () => {
    if (last && performance.now() - last.at < PING_REUSE_MS) return Promise.resolve(last.latency);
    inFlight ??= database
      .ping()
      .then((latency) => {
        last = { latency, at: performance.now() };
        return latency;
      })
      .finally(() => {
        inFlight = undefined;
      });
    return inFlight;
  };
}
