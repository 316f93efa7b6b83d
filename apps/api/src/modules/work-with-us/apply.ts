import { randomBytes } from 'node:crypto';
import { PAGES } from '@sentiero/contract/pages';
import { formatVatNumber } from '@sentiero/contract/rules/vat-numbers';
import type { Application, workWithUsBuy } from '@sentiero/contract/work-with-us';
import type { z } from 'zod';
import type { ServiceContext } from '../../platform/context.ts';
import { isUniqueViolation } from '../../platform/database-errors.ts';
import { AppError } from '../../platform/errors.ts';
import { formatAmount } from '../../platform/format.ts';
import type { PaymentEvent, PaymentStart } from '../../platform/payments/provider.ts';
import type { PaymentProviders } from '../../platform/payments/registry.ts';
import { countHit } from '../../platform/rate-limits-repo.ts';
import { refundLatePayment, settleListingRefund } from './listing-refund.ts';
import { applicationReceivedMail, applicationRejectedMail } from './mails.ts';
import {
  type ApplicationRow,
  deleteUnpaidApplication,
  findActivitySlugs,
  findApplicationByKey,
  findApplicationByPaymentReference,
  findApplicationByReference,
  insertApplication,
  isRegionOf,
  moveApplication,
} from './repo.ts';

export type WorkWithUsDeps = { providers: PaymentProviders };
type ApplyInput = z.output<typeof workWithUsBuy.input>;

const HOUR_MS = 60 * 60 * 1000;
/** Applications per address per hour: a typo'd or hostile address cannot be flooded with receipts. */
const APPLICATIONS_PER_HOUR = 5;

export async function listApplicationPlans(ctx: ServiceContext) {
  return {
    plans: [
      { plan: 'commission' as const, price_cents: 0 },
      { plan: 'featured' as const, price_cents: ctx.config.workWithUs.featuredListingCents },
    ],
    currency: 'EUR' as const,
  };
}

/**
 * A business applies. The commission plan is `submitted` at once. The featured plan's row is
 * written first as `awaiting_payment`, then its payment starts; a provider that refuses or fails
 * deletes the row again, so nothing is left half-made. The row is not kept in an open database
 * transaction while the provider answers (seconds, over the network, holding a connection);
 * it is committed and undone instead, as the Sentiero+ purchase does. A payment the provider
 * asks the applicant to approve (PayPal, Stripe's card confirmation) leaves it `awaiting_payment`
 * until `completeApplication`.
 */
export async function applyToSell(
  ctx: ServiceContext,
  deps: WorkWithUsDeps,
  input: ApplyInput,
): Promise<{ application: Application }> {
  const earlier = await findApplicationByKey(ctx.db, input.idempotency_key);
  if (earlier) return answerAgain(ctx, deps, sameRequest(earlier, input), input);

  const provider = input.plan === 'featured' ? findProvider(deps, input.payment_method) : null;
  await requireCatalogueChoices(ctx, input);
  const now = ctx.clock.now();
  const { hits } = await countHit(ctx.db, `workwithus:${input.email}`, HOUR_MS, now);
  if (hits > APPLICATIONS_PER_HOUR) throw new AppError('RATE_LIMITED', 429);

  let row: ApplicationRow;
  try {
    row = await insertApplication(ctx.db, {
      reference: newReference(),
      state: provider ? 'awaiting_payment' : 'submitted',
      businessName: input.business_name,
      businessKind: input.business_kind,
      vatCountry: input.vat_country,
      vatNumber: formatVatNumber(input.vat_country, input.vat_number),
      contactName: input.contact_name,
      email: input.email,
      phone: input.phone,
      activities: [...new Set(input.activities)],
      country: input.country,
      region: input.region,
      areaNames: input.area_names,
      message: input.message,
      plan: input.plan,
      amountCents: provider ? ctx.config.workWithUs.featuredListingCents : 0,
      paymentMethod: provider ? input.payment_method : null,
      language: ctx.lang,
      idempotencyKey: input.idempotency_key,
      createdAt: now,
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // The same form sent twice at once: the first one answers.
    const same = await findApplicationByKey(ctx.db, input.idempotency_key);
    if (!same) throw error;
    return answerAgain(ctx, deps, sameRequest(same, input), input);
  }

  if (!provider) {
    await sendReceipt(ctx, row);
    return { application: toApplication(row) };
  }
  let started: PaymentStart;
  try {
    started = await startApplicationPayment(ctx, provider, row, input);
  } catch (error) {
    await deleteUnpaidApplication(ctx.db, row.id);
    throw error;
  }
  return settleStart(ctx, row, started);
}

/**
 * Back from the provider: a payment still awaited is asked about (PayPal captures here, Stripe
 * says whether the card was confirmed); a refusal removes the application, as at the start.
 */
export async function completeApplication(
  ctx: ServiceContext,
  deps: WorkWithUsDeps,
  reference: string,
): Promise<{ application: Application }> {
  const row = await findApplicationByReference(ctx.db, reference);
  if (!row) throw new AppError('NOT_FOUND', 404);
  const provider = row.paymentMethod ? deps.providers[row.paymentMethod] : undefined;
  if (row.state !== 'awaiting_payment' || !provider?.complete || !row.paymentReference) {
    return { application: toApplication(row) };
  }
  return settleStart(ctx, row, await provider.complete(row.paymentReference));
}

async function settleStart(
  ctx: ServiceContext,
  row: ApplicationRow,
  started: PaymentStart,
): Promise<{ application: Application }> {
  if (started.status === 'declined' || started.status === 'on_site') {
    // `on_site` (cash) is never offered for a listing: refused like a declined card.
    await deleteUnpaidApplication(ctx.db, row.id);
    throw new AppError('PAYMENT_DECLINED', 402);
  }
  if (started.status === 'paid') {
    const paid = await moveApplication(ctx.db, row.id, ['awaiting_payment'], {
      state: 'submitted',
      paymentReference: started.reference,
      paidAt: ctx.clock.now(),
    });
    // Not awaiting any more: the same payment was settled by a parallel request, which mailed.
    if (!paid)
      return { application: toApplication((await findApplicationByReference(ctx.db, row.reference)) ?? row) };
    await sendReceipt(ctx, paid);
    return { application: toApplication(paid) };
  }
  const waiting =
    (await moveApplication(ctx.db, row.id, ['awaiting_payment'], { paymentReference: started.reference })) ??
    row;
  return {
    application: toApplication(waiting, {
      redirect_url: started.status === 'action_required' ? (started.redirectUrl ?? null) : null,
      client_secret: started.status === 'action_required' ? (started.clientSecret ?? null) : null,
    }),
  };
}

/**
 * Every provider answers a repeated `<reference>:start` key with its first answer, so a retried
 * request gets the same PayPal link or Stripe secret and is never charged twice.
 */
function startApplicationPayment(
  ctx: ServiceContext,
  provider: NonNullable<PaymentProviders['card']>,
  row: ApplicationRow,
  input: Pick<ApplyInput, 'card'>,
): Promise<PaymentStart> {
  return provider.start({
    orderCode: row.reference,
    amountCents: row.amountCents,
    currency: 'EUR',
    description: `${ctx.config.brand} featured listing ${row.reference}`,
    returnUrl: `${ctx.origin}${PAGES.workWithUs.path({ application: row.reference })}`,
    cancelUrl: `${ctx.origin}${PAGES.workWithUs.path()}`,
    idempotencyKey: `${row.reference}:start`,
    ...(input.card
      ? {
          card: {
            number: input.card.number,
            expMonth: input.card.exp_month,
            expYear: input.card.exp_year,
            cvc: input.card.cvc,
          },
        }
      : {}),
  });
}

/** The same key sent again: the application as it stands, its payment asked for again if unpaid. */
async function answerAgain(
  ctx: ServiceContext,
  deps: WorkWithUsDeps,
  row: ApplicationRow,
  input: ApplyInput,
): Promise<{ application: Application }> {
  const provider = row.paymentMethod ? deps.providers[row.paymentMethod] : undefined;
  if (row.state !== 'awaiting_payment' || !provider) return { application: toApplication(row) };
  return settleStart(ctx, row, await startApplicationPayment(ctx, provider, row, input));
}

/** Like Stripe's keys: a key reused for another application is a client's bug, refused. */
function sameRequest(earlier: ApplicationRow, input: ApplyInput): ApplicationRow {
  if (earlier.email !== input.email || earlier.plan !== input.plan) {
    throw new AppError('IDEMPOTENCY_KEY_REUSED', 409);
  }
  return earlier;
}

function findProvider(deps: WorkWithUsDeps, method: ApplyInput['payment_method']) {
  const provider = method ? deps.providers[method] : undefined;
  if (!provider) throw new AppError('PAYMENT_METHOD_UNAVAILABLE', 400);
  return provider;
}

/** What it sells and where must be the catalogue's: unknown slugs are the form's problem (400). */
async function requireCatalogueChoices(ctx: ServiceContext, input: ApplyInput) {
  const fields: Record<string, string> = {};
  const known = await findActivitySlugs(ctx.db, input.activities);
  if (input.activities.some((slug) => !known.has(slug))) fields.activities = 'invalid';
  if (input.region && !(await isRegionOf(ctx.db, input.country, input.region))) fields.region = 'invalid';
  if (Object.keys(fields).length > 0) throw new AppError('VALIDATION_FAILED', 400, fields);
}

async function sendReceipt(ctx: Pick<ServiceContext, 'mail' | 'config'>, row: ApplicationRow) {
  await ctx.mail.send({
    to: row.email,
    ...applicationReceivedMail(
      row.language,
      { ...row, amount: row.paidAt ? formatAmount(row.amountCents, row.language) : null },
      ctx.config.brand,
    ),
  });
}

/**
 * A provider's webhook about a listing's payment (the applicant may never come back to the page):
 * paid settles it as the return would; a refund's final state settles the refund a rejection
 * asked for; anything else about it changes nothing. False when the payment is not an
 * application's, so checkout goes on looking.
 */
export async function settleApplicationPayment(
  ctx: Pick<ServiceContext, 'db' | 'clock' | 'log' | 'mail' | 'config'>,
  event: PaymentEvent,
  providers: PaymentProviders,
): Promise<boolean> {
  if (event.type === 'refund') return settleListingRefund(ctx, event);
  const row = await findApplicationByPaymentReference(ctx.db, event.reference);
  if (!row) return false;
  // The echo of the refund a rejection asked for (Stripe's charge.refunded): its refund.* settles it.
  if (event.type === 'refunded' && row.refundKey) return true;
  if (event.type !== 'paid') {
    ctx.log.warn({ application: row.reference, type: event.type }, 'listing payment event left to staff');
    return true;
  }
  const paid = await moveApplication(ctx.db, row.id, ['awaiting_payment'], {
    state: 'submitted',
    paidAt: ctx.clock.now(),
  });
  if (paid) {
    await sendReceipt(ctx, paid);
    return true;
  }
  // Paid after it was rejected: the money goes back (else the applicant's return or an earlier
  // delivery settled it already, and there is nothing to do again).
  const refunded = await refundLatePayment(ctx, providers, row);
  if (refunded?.refundCents != null && refunded.rejectionReason) {
    await ctx.mail.send({
      to: refunded.email,
      ...applicationRejectedMail(
        refunded.language,
        {
          ...refunded,
          reason: refunded.rejectionReason,
          refund: {
            amount: formatAmount(refunded.refundCents, refunded.language),
            toPaypal: refunded.paymentMethod === 'paypal',
          },
        },
        ctx.config.brand,
      ),
    });
  }
  return true;
}

/** Hard to guess: the only key to an application a visitor may ask about. */
function newReference(): string {
  return `WWU-${randomBytes(10).toString('hex').toUpperCase()}`;
}

export function toApplication(
  row: ApplicationRow,
  action: { redirect_url: string | null; client_secret: string | null } = {
    redirect_url: null,
    client_secret: null,
  },
): Application {
  return {
    reference: row.reference,
    state: row.state,
    plan: row.plan,
    amount_cents: row.amountCents,
    currency: 'EUR',
    ...action,
  };
}
