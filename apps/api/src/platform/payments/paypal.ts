import {
  ApiError,
  CheckoutPaymentIntent,
  type Order,
  OrdersController,
  PaymentsController,
  PaypalExperienceUserAction,
  PaypalWalletContextShippingPreference,
  RefundStatus,
} from '@paypal/paypal-server-sdk';
import {
  createPaypalConnection,
  formatEuros,
  PAYPAL_TIMEOUT_MS,
  type PaypalConfig,
  paypalIssue,
} from './paypal-client.ts';
import { createPaypalWebhookReader } from './paypal-webhooks.ts';
import {
  type PaymentProvider,
  type PaymentStart,
  type RefundResult,
  requireAmountCents,
} from './provider.ts';

/** PayPal Checkout (Orders v2): the buyer approves on PayPal, then `complete` captures the money. */
export function paypalPayments(config: PaypalConfig): PaymentProvider {
  const { client, apiBase, accessToken } = createPaypalConnection(config);
  const orders = new OrdersController(client);
  const payments = new PaymentsController(client);

  function readCapture(orderId: string, order: Order): PaymentStart {
    const capture = order.purchaseUnits?.[0]?.payments?.captures?.[0];
    if (!capture?.id) return { status: 'declined', reference: orderId, reason: 'payment_not_captured' };
    if (capture.status === 'COMPLETED') return { status: 'paid', reference: capture.id };
    // PayPal holds some captures for review; PAYMENT.CAPTURE.COMPLETED or DENIED settles them later.
    if (capture.status === 'PENDING') return { status: 'pending', reference: capture.id };
    return { status: 'declined', reference: capture.id, reason: 'payment_declined' };
  }

  return {
    method: 'paypal',

    async start(input) {
      const { result: order } = await orders.createOrder({
        paypalRequestId: input.idempotencyKey,
        body: {
          intent: CheckoutPaymentIntent.Capture,
          purchaseUnits: [
            {
              referenceId: input.orderCode,
              customId: input.orderCode,
              // PayPal refuses descriptions over 127 characters.
              description: input.description.slice(0, 127),
              amount: {
                currencyCode: input.currency,
                value: formatEuros(requireAmountCents(input.amountCents)),
              },
            },
          ],
          paymentSource: {
            paypal: {
              experienceContext: {
                returnUrl: input.returnUrl,
                cancelUrl: input.cancelUrl,
                // The buyer pays on PayPal's page; there is no review step back on Sentiero.
                userAction: PaypalExperienceUserAction.PayNow,
                shippingPreference: PaypalWalletContextShippingPreference.NoShipping,
              },
            },
          },
        },
      });
      const approval = order.links?.find((link) => link.rel === 'payer-action' || link.rel === 'approve');
      if (!order.id || !approval) throw new Error('PayPal created an order without an approval link');
      return { status: 'action_required', reference: order.id, redirectUrl: approval.href };
    },

    async complete(orderId) {
      try {
        const { result } = await orders.captureOrder({
          id: orderId,
          // A retried capture (double click, timeout) gets PayPal's first answer instead of a second charge.
          paypalRequestId: `capture-${orderId}`,
          prefer: 'return=representation',
        });
        return readCapture(orderId, result);
      } catch (error) {
        const issue = paypalIssue(error);
        if (issue === 'ORDER_ALREADY_CAPTURED') {
          return readCapture(orderId, (await orders.getOrder({ id: orderId })).result);
        }
        // Business refusals (INSTRUMENT_DECLINED, ORDER_NOT_APPROVED…); anything else is an outage.
        if (issue && error instanceof ApiError && error.statusCode === 422) {
          return { status: 'declined', reference: orderId, reason: issue.toLowerCase() };
        }
        throw error;
      }
    },

    async refund(input) {
      try {
        const { result } = await payments.refundCapturedPayment({
          captureId: input.reference,
          // A retried refund gets PayPal's first answer instead of giving the money back twice.
          paypalRequestId: input.idempotencyKey,
          prefer: 'return=representation',
          body: {
            amount: { currencyCode: 'EUR', value: formatEuros(requireAmountCents(input.amountCents)) },
            customId: input.orderCode,
          },
        });
        if (!result.id) throw new Error(`PayPal answered a refund of ${input.reference} without an id`);
        return readPaypalRefund(result.id, result.status);
      } catch (error) {
        // Business refusals (CAPTURE_FULLY_REFUNDED, REFUND_AMOUNT_EXCEEDED…); anything else is an outage.
        const issue = paypalIssue(error);
        if (issue && error instanceof ApiError && error.statusCode === 422) {
          return { status: 'failed', reference: null, reason: issue.toLowerCase() };
        }
        throw error;
      }
    },

    async lookUpRefund(reference) {
      const { result } = await payments.getRefund({ refundId: reference });
      return readPaypalRefund(reference, result.status);
    },

    parseWebhook: createPaypalWebhookReader({
      apiBase,
      webhookId: config.webhookId,
      accessToken,
      timeoutMs: PAYPAL_TIMEOUT_MS,
    }),
  };
}

/** A PayPal refund's status as ours. */
function readPaypalRefund(reference: string, status: RefundStatus | undefined): RefundResult {
  if (status === RefundStatus.Completed) return { status: 'succeeded', reference };
  if (status === RefundStatus.Failed || status === RefundStatus.Cancelled) {
    return { status: 'failed', reference, reason: status.toLowerCase() };
  }
  // PENDING (an eCheck, a held balance): PAYMENT.CAPTURE.REFUNDED or a denial settles it later.
  return { status: 'pending', reference };
}
