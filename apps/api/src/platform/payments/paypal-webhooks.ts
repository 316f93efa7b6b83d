import { z } from 'zod';
import { euroCents } from './paypal-client.ts';
import { firstHeader, type PaymentEvent, PaymentWebhookError, type WebhookHeaders } from './provider.ts';

export type PaypalWebhookOptions = {
  apiBase: string;
  webhookId: string;
  accessToken: () => Promise<string>;
  timeoutMs: number;
};

const TRANSMISSION_HEADERS = {
  auth_algo: 'paypal-auth-algo',
  cert_url: 'paypal-cert-url',
  transmission_id: 'paypal-transmission-id',
  transmission_sig: 'paypal-transmission-sig',
  transmission_time: 'paypal-transmission-time',
} as const;

const ZMoney = z.object({ currency_code: z.string(), value: z.string() });

const ZWebhookEvent = z.object({
  event_type: z.string(),
  resource: z.object({
    id: z.string(),
    status: z.string().optional(),
    custom_id: z.string().optional(),
    status_details: z.object({ reason: z.string().optional() }).optional(),
    amount: ZMoney.optional(),
    seller_payable_breakdown: z.object({ total_refunded_amount: ZMoney.optional() }).optional(),
    links: z.array(z.object({ rel: z.string(), href: z.string() })).optional(),
  }),
});

const ZVerification = z.object({ verification_status: z.string() });

/**
 * PayPal signs webhooks with a certificate chain and a CRC of the body; rather than re-implement
 * that, we ask PayPal itself (POST /v1/notifications/verify-webhook-signature), as its docs advise.
 * The SDK has no call for it, hence plain fetch with the SDK's OAuth token. Answers the event as
 * PayPal sent it, for the orders or the memberships reader to interpret.
 */
export function createPaypalWebhookVerifier(options: PaypalWebhookOptions) {
  return async function verifyPaypalWebhook(rawBody: Buffer, headers: WebhookHeaders): Promise<unknown> {
    const transmission: Record<string, string> = {};
    for (const [field, header] of Object.entries(TRANSMISSION_HEADERS)) {
      const value = firstHeader(headers, header);
      if (!value) throw new PaymentWebhookError(`the ${header} header is missing`);
      transmission[field] = value;
    }
    const text = rawBody.toString('utf8');
    let unsafeEvent: unknown;
    try {
      unsafeEvent = JSON.parse(text);
    } catch {
      throw new PaymentWebhookError('the PayPal webhook body is not JSON');
    }

    // The event goes back byte for byte: PayPal checks the signature against the body it sent, and
    // re-serialising could change it (number formats, escapes, key order).
    const request = JSON.stringify({ ...transmission, webhook_id: options.webhookId });
    const response = await fetch(`${options.apiBase}/v1/notifications/verify-webhook-signature`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await options.accessToken()}`, 'content-type': 'application/json' },
      body: `${request.slice(0, -1)},"webhook_event":${text}}`,
      signal: AbortSignal.timeout(options.timeoutMs),
    });
    // Not a PaymentWebhookError: the route must answer 5xx so that PayPal delivers it again later.
    if (!response.ok) throw new Error(`PayPal webhook verification answered HTTP ${response.status}`);
    const verification = ZVerification.parse(await response.json());
    if (verification.verification_status !== 'SUCCESS') {
      throw new PaymentWebhookError('PayPal did not confirm the webhook signature');
    }
    return unsafeEvent;
  };
}

/** Orders v2: verifies a delivery and reads it as a PaymentEvent (null for events orders ignore). */
export function createPaypalWebhookReader(options: PaypalWebhookOptions) {
  const verify = createPaypalWebhookVerifier(options);
  return async function parsePaypalWebhook(
    rawBody: Buffer,
    headers: WebhookHeaders,
  ): Promise<PaymentEvent | null> {
    return readEvent(ZWebhookEvent.parse(await verify(rawBody, headers)));
  };
}

function readEvent(event: z.infer<typeof ZWebhookEvent>): PaymentEvent | null {
  const { resource } = event;
  const orderCode = resource.custom_id ?? null;
  switch (event.event_type) {
    case 'PAYMENT.CAPTURE.COMPLETED':
      return { type: 'paid', reference: resource.id, orderCode, amountCents: centsOf(resource.amount) };
    case 'PAYMENT.CAPTURE.DENIED':
      return { type: 'failed', reference: resource.id, orderCode, amountCents: centsOf(resource.amount) };
    case 'PAYMENT.CAPTURE.REFUNDED': {
      // The resource is the refund: its own status says whether it went through (ADR 029).
      const failed = resource.status === 'FAILED' || resource.status === 'CANCELLED';
      if (resource.status && resource.status !== 'COMPLETED' && !failed) return null;
      return {
        type: 'refund',
        state: failed ? 'failed' : 'succeeded',
        refundReference: resource.id,
        reference: capturedId(resource) || resource.id,
        orderCode,
        amountCents: centsOf(resource.amount),
        totalRefundedCents: centsOf(resource.seller_payable_breakdown?.total_refunded_amount),
        reason: failed ? (resource.status_details?.reason ?? resource.status ?? null) : null,
      };
    }
    case 'PAYMENT.CAPTURE.REVERSED': {
      // PayPal took the money back itself (a chargeback, a reversal): the whole order is refunded.
      const total = resource.seller_payable_breakdown?.total_refunded_amount ?? resource.amount;
      return {
        type: 'refunded',
        reference: capturedId(resource) || resource.id,
        orderCode,
        amountCents: centsOf(total),
      };
    }
    default:
      return null;
  }
}

/** A refund's resource points `up` to the capture it refunds, which is what orders know. */
function capturedId(resource: z.infer<typeof ZWebhookEvent>['resource']): string | undefined {
  const up = resource.links?.find((link) => link.rel === 'up')?.href;
  return up ? new URL(up).pathname.split('/').pop() : undefined;
}

function centsOf(money: z.infer<typeof ZMoney> | undefined): number | null {
  return euroCents(money?.currency_code, money?.value);
}
