import type { CountryCode } from '@sentiero/contract/common';
import type { Language } from '@sentiero/contract/languages';
import type { VatCountry } from '@sentiero/contract/rules/vat-numbers';
import type {
  ApplicationPaymentMethod,
  ApplicationPlan,
  ApplicationState,
  BusinessKind,
} from '@sentiero/contract/work-with-us';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { RefundState } from './refunds.ts';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A business's application to sell on Sentiero ("Work with us"). With the featured plan it
 * waits for its payment (`awaiting_payment`), then is `submitted` like a commission one; staff
 * approve or reject it. Approval makes the operator, which lives in its own table.
 */
export const operatorApplications = pgTable(
  'operator_applications',
  {
    id: serial('id').primaryKey(),
    /** What the applicant's browser and the payment return links name it by; never the id. */
    reference: text('reference').notNull(),
    state: text('state').$type<ApplicationState>().notNull(),
    businessName: text('business_name').notNull(),
    businessKind: text('business_kind').$type<BusinessKind>().notNull(),
    vatCountry: text('vat_country').$type<VatCountry>().notNull(),
    /** In one form (`IT00743110157`, `CHE-116.281.710`), whatever the applicant typed. */
    vatNumber: text('vat_number').notNull(),
    contactName: text('contact_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    /** Activity type slugs of the catalogue. */
    activities: text('activities').array().notNull(),
    country: text('country').$type<CountryCode>().notNull(),
    /** A region slug of the catalogue, or none (the whole country). */
    region: text('region'),
    areaNames: text('area_names').notNull().default(''),
    message: text('message').notNull().default(''),
    plan: text('plan').$type<ApplicationPlan>().notNull(),
    /** The featured listing's price when applying; 0 for the commission plan. */
    amountCents: integer('amount_cents').notNull().default(0),
    paymentMethod: text('payment_method').$type<ApplicationPaymentMethod>(),
    paymentReference: text('payment_reference'),
    paidAt: at('paid_at'),
    language: text('language').$type<Language>().notNull(),
    /** The applicant's key: the same form sent twice is one application. */
    idempotencyKey: text('idempotency_key').notNull(),
    reviewedAt: at('reviewed_at'),
    /** Who reviewed it: a staff account's id (the staff tables are another subject's). */
    reviewedBy: integer('reviewed_by'),
    rejectionReason: text('rejection_reason'),
    /** The operator approval made. */
    operatorId: integer('operator_id'),
    /**
     * A paid featured listing's money given back when it is rejected (ADR 039): `pending` from
     * the moment the provider is asked until it answers, then as order refunds' states (ADR 029).
     * A refusal clears these columns again: the application stays as it was.
     */
    refundState: text('refund_state').$type<RefundState>(),
    refundCents: integer('refund_cents'),
    /** What the provider is asked with: a second click or a retry asks with the same key, so pays once. */
    refundKey: text('refund_key'),
    /** The provider's refund id (Stripe `re_…`, PayPal's), once it answered: webhooks name it. */
    refundReference: text('refund_reference'),
    /** The provider's code when the refund failed after it was taken (`expired_or_canceled_card`…). */
    refundFailureReason: text('refund_failure_reason'),
    refundRequestedAt: at('refund_requested_at'),
    refundSettledAt: at('refund_settled_at'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('operator_applications_reference_idx').on(table.reference),
    uniqueIndex('operator_applications_idempotency_key_idx').on(table.idempotencyKey),
    index('operator_applications_state_idx').on(table.state, table.createdAt),
    uniqueIndex('operator_applications_refund_reference_idx').on(table.refundReference),
    check(
      'operator_applications_state_check',
      sql`${table.state} in ('submitted', 'awaiting_payment', 'approved', 'rejected')`,
    ),
    check('operator_applications_plan_check', sql`${table.plan} in ('commission', 'featured')`),
    check(
      'operator_applications_refund_state_check',
      sql`${table.refundState} in ('pending', 'succeeded', 'failed')`,
    ),
  ],
);
