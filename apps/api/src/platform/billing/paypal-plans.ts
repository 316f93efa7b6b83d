import {
  IntervalUnit,
  type PlanRequest,
  PlanRequestStatus,
  SetupFeeFailureAction,
  SubscriptionsController,
  TenureType,
} from '@paypal/paypal-server-sdk';
import type { SubscriptionType } from '@sentiero/contract/premium';
import { z } from 'zod';
import {
  createPaypalConnection,
  formatEuros,
  PAYPAL_TIMEOUT_MS,
  type PaypalConfig,
} from '../payments/paypal-client.ts';
import type { PaypalPlanIds } from './paypal.ts';

/** What Sentiero+ costs, as the operator sets it (`@sentiero/contract/premium` has the defaults). */
export type PaypalPlanOffer = { yearlyCents: number; monthlyCents: number; trialDays: number };

const ZCreated = z.object({ id: z.string() });

/**
 * For operators, once per PayPal account: makes the Sentiero+ product and its plans (yearly and
 * monthly, each with the free trial as a TRIAL cycle and without it), whose ids then go in
 * PAYPAL_PLAN_*. Each call is keyed by the offer, so running it twice within PayPal's 72 hours of
 * request ids answers the same plans; later runs make new ones.
 */
export async function ensurePaypalPlans(
  config: PaypalConfig,
  offer: PaypalPlanOffer,
): Promise<PaypalPlanIds & { productId: string }> {
  const { client, apiBase, accessToken } = createPaypalConnection(config);
  const subscriptions = new SubscriptionsController(client);
  const key = `sentiero-plus-${offer.yearlyCents}-${offer.monthlyCents}-${offer.trialDays}`;

  // The SDK has no catalog calls: plain fetch with its OAuth token.
  const response = await fetch(`${apiBase}/v1/catalogs/products`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${await accessToken()}`,
      'content-type': 'application/json',
      'paypal-request-id': `${key}-product`,
    },
    body: JSON.stringify({ name: 'Sentiero+', type: 'SERVICE', category: 'SOFTWARE' }),
    signal: AbortSignal.timeout(PAYPAL_TIMEOUT_MS),
  });
  if (!response.ok) throw new Error(`PayPal refused the Sentiero+ product: HTTP ${response.status}`);
  const { id: productId } = ZCreated.parse(await response.json());

  async function createPlan(type: SubscriptionType, trialDays: number): Promise<string> {
    const cents = type === 'yearly' ? offer.yearlyCents : offer.monthlyCents;
    const trial = trialDays > 0;
    const body: PlanRequest = {
      productId,
      name: `Sentiero+ ${type}${trial ? `, ${trialDays} days free` : ''}`,
      status: PlanRequestStatus.Active,
      billingCycles: [
        ...(trial
          ? [
              {
                frequency: { intervalUnit: IntervalUnit.Day, intervalCount: trialDays },
                tenureType: TenureType.Trial,
                sequence: 1,
                totalCycles: 1,
              },
            ]
          : []),
        {
          frequency: {
            intervalUnit: type === 'yearly' ? IntervalUnit.Year : IntervalUnit.Month,
            intervalCount: 1,
          },
          tenureType: TenureType.Regular,
          sequence: trial ? 2 : 1,
          // 0: renews until cancelled.
          totalCycles: 0,
          pricingScheme: { fixedPrice: { currencyCode: 'EUR', value: formatEuros(cents) } },
        },
      ],
      paymentPreferences: {
        autoBillOutstanding: true,
        setupFeeFailureAction: SetupFeeFailureAction.Cancel,
        // The membership's own rule (lifecycle.ts): a first failure and 3 retries, then it ends.
        paymentFailureThreshold: 4,
      },
    };
    const { result } = await subscriptions.createBillingPlan({
      paypalRequestId: `${key}-${type}-${trialDays}`,
      prefer: 'return=minimal',
      body,
    });
    if (!result.id) throw new Error(`PayPal created the ${type} plan without an id`);
    return result.id;
  }

  return {
    productId,
    yearlyPlanId: await createPlan('yearly', offer.trialDays),
    monthlyPlanId: await createPlan('monthly', offer.trialDays),
    yearlyNoTrialPlanId: await createPlan('yearly', 0),
    monthlyNoTrialPlanId: await createPlan('monthly', 0),
  };
}
