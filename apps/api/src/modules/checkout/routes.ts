import {
  couponInfo,
  ticketBuy,
  ticketBuyCancel,
  ticketBuyComplete,
  ticketKeys,
} from '@sentiero/contract/checkout';
import {
  consoleDayCancel,
  consoleDayCancellation,
  consoleDayCancellationPreview,
  dayCancellationChoice,
  dayCancellationChoose,
} from '@sentiero/contract/day-cancellations';
import { ticketCancel, ticketCancelPreview } from '@sentiero/contract/ticket-cancel';
import { ticketMove, ticketMovePreview } from '@sentiero/contract/ticket-move';
import type { FastifyInstance } from 'fastify';
import type { ServiceContext } from '../../platform/context.ts';
import { registerEndpoint } from '../../platform/http.ts';
import { PaymentWebhookError } from '../../platform/payments/provider.ts';
import { cancelByPolicy, previewCancellation } from './cancel-by-policy.ts';
import { lapseDueDayCancellations } from './day-cancellation-jobs.ts';
import { chooseForDay, describeDayChoice, runDayCancellation } from './day-cancellation-run.ts';
import {
  getDayCancellationProgress,
  previewDayCancellation,
  startDayCancellation,
} from './day-cancellations.ts';
import { moveByPolicy, previewMove } from './move-day.ts';
import { markOnSiteOrderPaid, type OnSitePaymentHook } from './on-site-payment.ts';
import { type RefundRecheckSummary, recheckPendingRefunds } from './refund-recheck.ts';
import type { RefundContext } from './refund-settle.ts';
import { type RefundOrderInput, type RefundOutcome, refundOrder } from './refunds.ts';
import type { OrderRow } from './repo.ts';
import { buyTickets, type CheckoutDeps, checkCoupon } from './service.ts';
import { cancelPayment, completePayment, settlePayment } from './settle.ts';

/** A person buys a few times a minute at most; more is a script. */
const BUY_LIMIT = { max: 30, timeWindow: '1 minute' };
const COUPON_LIMIT = { max: 10, timeWindow: '1 minute' };

/** What the console's routes call to refund (ADR 029), with the providers this app was built with. */
export type CheckoutRefunds = {
  refundOrder(ctx: RefundContext, input: RefundOrderInput): Promise<RefundOutcome>;
  /** What the `refunds-recheck` job runs: settles refunds left pending by an outage or a lost webhook. */
  recheckPending(ctx: RefundContext): Promise<RefundRecheckSummary>;
};

/** What the console's orders do through checkout: send the tickets again, take a pay-on-site payment. */
export type CheckoutOrderDesk = {
  resendTickets(orderId: number): Promise<void>;
  markPaidOnSite(
    ctx: Pick<ServiceContext, 'db' | 'clock'>,
    orderCode: string,
    onMarked: OnSitePaymentHook,
  ): Promise<OrderRow>;
};

/** A cancelled day's run and the lapse's schedule, as the queue runs them (tests and the bench call them too). */
export type DayCancellationRuns = {
  run(cancellationId: number): Promise<void>;
  lapseDue(): Promise<unknown>;
};

declare module 'fastify' {
  interface FastifyInstance {
    refunds: CheckoutRefunds;
    orderDesk: CheckoutOrderDesk;
    dayCancellationRuns: DayCancellationRuns | undefined;
  }
}

/** The checkout's endpoints; its background work is started by `startCheckoutJobs` (jobs.ts). */
export function registerCheckoutRoutes(app: FastifyInstance, deps: CheckoutDeps) {
  app.decorate('refunds', {
    refundOrder: (ctx, input) => refundOrder(ctx, deps, input),
    recheckPending: (ctx) => recheckPendingRefunds(ctx, deps),
  });
  app.decorate('orderDesk', {
    resendTickets: (orderId) => deps.queueTicketMail(orderId),
    markPaidOnSite: (ctx, orderCode, onMarked) => markOnSiteOrderPaid(ctx, deps, orderCode, onMarked),
  });
  registerEndpoint(app, ticketBuy, (ctx, input) => buyTickets(ctx, deps, input), { rateLimit: BUY_LIMIT });
  registerEndpoint(app, ticketBuyComplete, (ctx, input) => completePayment(ctx, deps, input.code), {
    rateLimit: BUY_LIMIT,
  });
  registerEndpoint(app, ticketBuyCancel, (ctx, input) => cancelPayment(ctx, input.code), {
    rateLimit: BUY_LIMIT,
  });
  // Codes are short: without a limit they could be guessed.
  registerEndpoint(app, couponInfo, (ctx, input) => checkCoupon(ctx, input), { rateLimit: COUPON_LIMIT });
  registerEndpoint(app, ticketKeys, async () => ({ keys: [deps.signer.publicKeyJwk] }));
  registerEndpoint(app, ticketCancelPreview, (ctx, input) => previewCancellation(ctx, input));
  registerEndpoint(app, ticketCancel, (ctx, input) => cancelByPolicy(ctx, deps, input), {
    rateLimit: BUY_LIMIT,
  });
  registerEndpoint(app, ticketMovePreview, (ctx, input) => previewMove(ctx, input));
  registerEndpoint(app, ticketMove, (ctx, input) => moveByPolicy(ctx, deps, input), { rateLimit: BUY_LIMIT });
  const { days } = deps;
  app.decorate(
    'dayCancellationRuns',
    days && { run: (id) => runDayCancellation(days, id), lapseDue: () => lapseDueDayCancellations(days) },
  );
  if (days) {
    registerEndpoint(app, consoleDayCancellationPreview, (ctx, input) => previewDayCancellation(ctx, input));
    registerEndpoint(app, consoleDayCancel, (ctx, input) => startDayCancellation(ctx, days.queueRun, input));
    registerEndpoint(app, consoleDayCancellation, (ctx, input) => getDayCancellationProgress(ctx, input.id));
    registerEndpoint(app, dayCancellationChoice, (ctx, input) => describeDayChoice(ctx, days, input.token));
    // The links are long and signed: the limit is for a script trying them, not for a buyer.
    registerEndpoint(app, dayCancellationChoose, (ctx, input) => chooseForDay(ctx, days, input), {
      rateLimit: BUY_LIMIT,
    });
  }
  registerPaymentWebhooks(app, deps);
}

/**
 * Stripe and PayPal sign the exact bytes they send, so these routes keep the raw body; a
 * signature that does not verify answers 400 and changes nothing.
 */
function registerPaymentWebhooks(app: FastifyInstance, deps: CheckoutDeps) {
  app.register(async (scope) => {
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    );
    for (const method of ['card', 'paypal'] as const) {
      const path = method === 'card' ? 'stripe' : 'paypal';
      scope.post(`/api/payments/${path}/webhook`, { schema: { hide: true } }, async (request, reply) => {
        const provider = deps.providers[method];
        if (!provider?.parseWebhook) return reply.code(404).send({ message: 'Not found', code: 'NOT_FOUND' });
        try {
          const event = await provider.parseWebhook(request.body as Buffer, request.headers);
          if (event) await settlePayment(request.ctx, deps, event);
          return { received: true };
        } catch (error) {
          if (error instanceof PaymentWebhookError) {
            request.log.warn({ err: error }, `refused a ${path} webhook`);
            return reply.code(400).send({ message: 'Invalid signature', code: 'VALIDATION_FAILED' });
          }
          throw error;
        }
      });
    }
  });
}
