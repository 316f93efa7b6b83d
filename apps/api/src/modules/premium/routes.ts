import {
  adList,
  subscriptionBuy,
  subscriptionCancel,
  subscriptionComplete,
  subscriptionInfo,
  subscriptionPaymentMethod,
  subscriptionPrice,
  subscriptionResume,
  subscriptionSuspend,
  subscriptionUncancel,
} from '@sentiero/contract/premium';
import type { FastifyInstance } from 'fastify';
import { StoreNotificationError, type StoreNotificationVerifier } from '../../platform/billing/store.ts';
import { registerEndpoint } from '../../platform/http.ts';
import { PaymentWebhookError } from '../../platform/payments/provider.ts';
import { listAds } from './ads.ts';
import { buyMembership, completeMembership, listPlans } from './buying.ts';
import { applyBillingEvent } from './provider-events.ts';
import { forgetNotification, recordNotification } from './repo.ts';
import { actOnMembership, changePaymentMethod, getMembership, type PremiumDeps } from './service.ts';
import { applyStoreNotification } from './store-notifications.ts';

/** Like buying tickets: a person starts a membership a few times a minute at most. */
const BUY_LIMIT = { max: 20, timeWindow: '1 minute' };
const ACTION_LIMIT = { max: 30, timeWindow: '1 minute' };

export function registerPremiumRoutes(
  app: FastifyInstance,
  deps: PremiumDeps & { stores: StoreNotificationVerifier[] },
) {
  registerEndpoint(app, subscriptionPrice, (ctx) => listPlans(ctx));
  registerEndpoint(app, subscriptionBuy, (ctx, input) => buyMembership(ctx, deps, input), {
    rateLimit: BUY_LIMIT,
  });
  registerEndpoint(app, subscriptionInfo, (ctx) => getMembership(ctx, deps));
  registerEndpoint(app, subscriptionSuspend, (ctx) => actOnMembership(ctx, deps, 'suspend'), {
    rateLimit: ACTION_LIMIT,
  });
  registerEndpoint(app, subscriptionResume, (ctx) => actOnMembership(ctx, deps, 'resume'), {
    rateLimit: ACTION_LIMIT,
  });
  registerEndpoint(app, subscriptionCancel, (ctx) => actOnMembership(ctx, deps, 'cancel'), {
    rateLimit: ACTION_LIMIT,
  });
  registerEndpoint(app, subscriptionUncancel, (ctx) => actOnMembership(ctx, deps, 'uncancel'), {
    rateLimit: ACTION_LIMIT,
  });
  registerEndpoint(app, subscriptionPaymentMethod, (ctx, input) => changePaymentMethod(ctx, deps, input), {
    rateLimit: BUY_LIMIT,
  });
  registerEndpoint(app, subscriptionComplete, (ctx) => completeMembership(ctx, deps));
  registerEndpoint(app, adList, (ctx, input) => listAds(ctx, input.placement));
  registerBillingWebhooks(app, deps);
  registerStoreNotifications(app, deps.stores);
}

/**
 * Stripe's and PayPal's subscription events, at their own addresses (the order webhooks stay
 * as they are). Signed over the raw bytes; each event is applied once, a redelivery is a no-op.
 */
function registerBillingWebhooks(app: FastifyInstance, deps: PremiumDeps) {
  const { providers } = deps;
  app.register(async (scope) => {
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    );
    for (const method of ['card', 'paypal'] as const) {
      const path = method === 'card' ? 'stripe' : 'paypal';
      scope.post(`/api/subscriptions/${path}/webhook`, { schema: { hide: true } }, async (request, reply) => {
        const provider = providers[method];
        if (!provider?.parseWebhook) return reply.code(404).send({ message: 'Not found', code: 'NOT_FOUND' });
        try {
          const { eventId, event } = await provider.parseWebhook(request.body as Buffer, request.headers);
          if (event && (await recordNotification(request.ctx.db, path, eventId))) {
            try {
              await applyBillingEvent(request.ctx, deps, provider, event);
            } catch (error) {
              // Not applied: the provider's redelivery must get another chance.
              await forgetNotification(request.ctx.db, path, eventId);
              throw error;
            }
          }
          return { received: true };
        } catch (error) {
          if (error instanceof PaymentWebhookError) {
            request.log.warn({ err: error }, `refused a ${path} subscription webhook`);
            return reply.code(400).send({ message: 'Invalid signature', code: 'VALIDATION_FAILED' });
          }
          throw error;
        }
      });
    }
  });
}

/**
 * App Store Server Notifications V2 and Google Play's real-time developer notifications: each
 * verified (Apple's certificate chain, Google's push token), applied once. A delivery that does
 * not verify answers 400; a store we cannot reach to read the purchase answers 503, so the store
 * delivers it again later.
 */
function registerStoreNotifications(app: FastifyInstance, stores: StoreNotificationVerifier[]) {
  app.register(async (scope) => {
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    );
    for (const source of ['apple', 'google'] as const) {
      scope.post(
        `/api/subscriptions/${source}/notifications`,
        { schema: { hide: true } },
        async (request, reply) => {
          const store = stores.find((candidate) => candidate.source === source);
          if (!store) return reply.code(404).send({ message: 'Not found', code: 'NOT_FOUND' });
          let note: Awaited<ReturnType<StoreNotificationVerifier['parse']>>;
          try {
            note = await store.parse(request.body as Buffer, request.headers);
          } catch (error) {
            if (error instanceof StoreNotificationError) {
              request.log.warn({ err: error }, `refused a ${source} store notification`);
              return reply.code(400).send({ message: 'Invalid signature', code: 'VALIDATION_FAILED' });
            }
            request.log.error({ err: error }, `could not read a ${source} store notification`);
            return reply.code(503).send({ message: 'Try again later', code: 'SERVICE_UNAVAILABLE' });
          }
          if (note && (await recordNotification(request.ctx.db, source, note.notificationId))) {
            try {
              await applyStoreNotification(request.ctx, note);
            } catch (error) {
              await forgetNotification(request.ctx.db, source, note.notificationId);
              throw error;
            }
          }
          return { received: true };
        },
      );
    }
  });
}
