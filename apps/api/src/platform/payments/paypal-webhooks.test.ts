import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakePaypal, PAYPAL_TEST_APP, startFakePaypal } from '../../test/fakes/paypal.ts';
import { paypalPayments } from './paypal.ts';
import { type PaymentProvider, PaymentWebhookError } from './provider.ts';

let paypal: FakePaypal;
let sut: PaymentProvider;

beforeAll(async () => {
  paypal = await startFakePaypal();
  sut = paypalPayments({ ...PAYPAL_TEST_APP, apiBase: paypal.server.url });
});
afterAll(() => paypal.server.close());

const parse = (body: string, headers: Record<string, string>) => {
  if (!sut.parseWebhook) throw new Error('PayPal reads webhooks');
  return sut.parseWebhook(Buffer.from(body), headers);
};

const capture = {
  id: 'CAP7XK2',
  status: 'COMPLETED',
  amount: { currency_code: 'EUR', value: '12.50' },
  custom_id: 'R4FT8B',
  final_capture: true,
  supplementary_data: { related_ids: { order_id: '5O190127TN364715T' } },
};

describe('PayPal webhooks', () => {
  it('reads a verified PAYMENT.CAPTURE.COMPLETED as a paid order', async () => {
    const { body, headers } = paypal.signDelivery('PAYMENT.CAPTURE.COMPLETED', capture);
    expect(await parse(body, headers)).toEqual({
      type: 'paid',
      reference: 'CAP7XK2',
      orderCode: 'R4FT8B',
      amountCents: 1250,
    });
  });

  it('reads PAYMENT.CAPTURE.DENIED as a failed payment', async () => {
    const { body, headers } = paypal.signDelivery('PAYMENT.CAPTURE.DENIED', {
      ...capture,
      status: 'DECLINED',
    });
    expect(await parse(body, headers)).toMatchObject({
      type: 'failed',
      reference: 'CAP7XK2',
      orderCode: 'R4FT8B',
    });
  });

  it('reads PAYMENT.CAPTURE.REFUNDED as that refund done, against the refunded capture, with the total refunded', async () => {
    const refund = {
      id: '1JU08902781691411',
      status: 'COMPLETED',
      amount: { currency_code: 'EUR', value: '2.00' },
      seller_payable_breakdown: {
        gross_amount: { currency_code: 'EUR', value: '2.00' },
        total_refunded_amount: { currency_code: 'EUR', value: '6.50' },
      },
      links: [
        { href: 'https://api.paypal.com/v2/payments/refunds/1JU08902781691411', rel: 'self', method: 'GET' },
        { href: 'https://api.paypal.com/v2/payments/captures/CAP7XK2', rel: 'up', method: 'GET' },
      ],
    };
    const { body, headers } = paypal.signDelivery('PAYMENT.CAPTURE.REFUNDED', refund);
    expect(await parse(body, headers)).toEqual({
      type: 'refund',
      state: 'succeeded',
      refundReference: '1JU08902781691411',
      reference: 'CAP7XK2',
      orderCode: null,
      amountCents: 200,
      totalRefundedCents: 650,
      reason: null,
    });
    const failed = paypal.signDelivery('PAYMENT.CAPTURE.REFUNDED', {
      ...refund,
      status: 'FAILED',
      status_details: { reason: 'ECHECK' },
    });
    expect(await parse(failed.body, failed.headers)).toMatchObject({
      type: 'refund',
      state: 'failed',
      reason: 'ECHECK',
    });
    const reversed = paypal.signDelivery('PAYMENT.CAPTURE.REVERSED', refund);
    expect(await parse(reversed.body, reversed.headers)).toEqual({
      type: 'refunded',
      reference: 'CAP7XK2',
      orderCode: null,
      amountCents: 650,
    });
  });

  it('ignores verified events that do not change an order', async () => {
    const approved = { id: '5O190127TN364715T', status: 'APPROVED' };
    const { body, headers } = paypal.signDelivery('CHECKOUT.ORDER.APPROVED', approved);
    expect(await parse(body, headers)).toBeNull();
  });

  it('refuses a body changed after PayPal signed it', async () => {
    const { body, headers } = paypal.signDelivery('PAYMENT.CAPTURE.COMPLETED', capture);
    const tampered = body.replace('"12.50"', '"1250.00"');
    expect(tampered).not.toBe(body);
    await expect(parse(tampered, headers)).rejects.toThrow(PaymentWebhookError);
  });

  it('refuses a delivery with a forged signature', async () => {
    const { body, headers } = paypal.signDelivery('PAYMENT.CAPTURE.COMPLETED', capture);
    const forged = { ...headers, 'paypal-transmission-sig': 'Zm9yZ2Vk' };
    await expect(parse(body, forged)).rejects.toThrow(PaymentWebhookError);
  });

  it('refuses a delivery meant for another webhook', async () => {
    const { body, headers } = paypal.signDelivery('PAYMENT.CAPTURE.COMPLETED', capture);
    const elsewhere = paypalPayments({
      ...PAYPAL_TEST_APP,
      webhookId: 'OTHERWEBHOOK0000',
      apiBase: paypal.server.url,
    });
    await expect(elsewhere.parseWebhook?.(Buffer.from(body), headers)).rejects.toThrow(PaymentWebhookError);
  });

  it('refuses a delivery without the transmission headers', async () => {
    const { body, headers } = paypal.signDelivery('PAYMENT.CAPTURE.COMPLETED', capture);
    const { 'paypal-transmission-sig': _dropped, ...unsigned } = headers;
    await expect(parse(body, unsigned)).rejects.toThrow(PaymentWebhookError);
  });

  it('refuses a body that is not JSON without asking PayPal', async () => {
    const { headers } = paypal.signDelivery('PAYMENT.CAPTURE.COMPLETED', capture);
    await expect(parse('<xml/>', headers)).rejects.toThrow(PaymentWebhookError);
  });

  it('fails as an outage, not as a forgery, when PayPal cannot verify right now', async () => {
    const { body, headers } = paypal.signDelivery('PAYMENT.CAPTURE.COMPLETED', capture);
    paypal.verificationOutage = true;
    try {
      const outcome = parse(body, headers);
      await expect(outcome).rejects.toThrow(/HTTP 503/);
      await expect(outcome).rejects.not.toBeInstanceOf(PaymentWebhookError);
    } finally {
      paypal.verificationOutage = false;
    }
  });
});
