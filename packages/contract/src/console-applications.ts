import { z } from 'zod';
import { ZLanguageParam } from './common.ts';
import { defineEndpoint } from './endpoint.ts';
import { LANGUAGES } from './languages.ts';
import { OPERATOR_KINDS } from './operator-kinds.ts';
import { ZId, ZPageParam, ZPaging } from './paging.ts';
import { VAT_COUNTRIES } from './rules/vat-numbers.ts';
import { APPLICATION_PAYMENT_METHODS, APPLICATION_PLANS, APPLICATION_STATES } from './work-with-us.ts';

/*
 * The review of "work with us" applications (issue 23, item 5): Sentiero's admin reads them,
 * approves one (its operator is made and its owner invited by mail, in one transaction) or
 * rejects it with a reason mailed to the applicant in their language. Both are audited.
 */

export const APPLICATIONS_PAGE_SIZE = 20;
export const REJECTION_REASON_MAX = 2000;

const ZApplicationSummary = z.object({
  id: z.number().int(),
  reference: z.string(),
  state: z.enum(APPLICATION_STATES),
  business_name: z.string(),
  business_kind: z.enum(OPERATOR_KINDS),
  vat_country: z.enum(VAT_COUNTRIES),
  vat_number: z.string(),
  contact_name: z.string(),
  email: z.string(),
  plan: z.enum(APPLICATION_PLANS),
  /** The featured listing's price when applying; 0 for the commission plan. */
  amount_cents: z.number().int(),
  payment_method: z.enum(APPLICATION_PAYMENT_METHODS).nullable(),
  /** When the featured listing was paid; null when unpaid or nothing is owed. */
  paid_at: z.string().nullable(),
  /** The refund a rejection of a paid listing asked for: the list marks one that failed. */
  refund_state: z.enum(['pending', 'succeeded', 'failed']).nullable(),
  created_at: z.string(),
});

const ZApplicationDetail = ZApplicationSummary.extend({
  phone: z.string(),
  activities: z.array(z.string()),
  country: z.string(),
  region: z.string().nullable(),
  area_names: z.string(),
  message: z.string(),
  /** The applicant's language: the mails they get are in it. */
  language: z.enum(LANGUAGES),
  reviewed_at: z.string().nullable(),
  reviewed_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  rejection_reason: z.string().nullable(),
  /** The operator approval made. */
  operator: z.object({ id: z.number().int(), slug: z.string(), name: z.string() }).nullable(),
  /**
   * A paid featured listing's money, given back in full when it was rejected (ADR 039): pending
   * until the provider confirms it, failed when the provider reported it failed afterwards.
   */
  refund: z
    .object({
      amount_cents: z.number().int(),
      state: z.enum(['pending', 'succeeded', 'failed']),
      /** The provider's code when it failed (`expired_or_canceled_card`…): `errors:field.refundRefused` explains it. */
      failure_reason: z.string().nullable(),
      requested_at: z.string(),
      settled_at: z.string().nullable(),
    })
    .nullable(),
});

export const consoleApplications = defineEndpoint({
  path: '/console/applications',
  kind: 'read',
  access: 'applications.review',
  tag: 'console',
  summary: "Businesses' applications to sell on Sentiero, newest first, 20 a page, by state.",
  input: z.object({
    lng: ZLanguageParam,
    page: ZPageParam,
    state: z.enum(APPLICATION_STATES).optional(),
  }),
  output: z.object({ applications: z.array(ZApplicationSummary), ...ZPaging }),
});

export const consoleApplication = defineEndpoint({
  path: '/console/application',
  kind: 'read',
  access: 'applications.review',
  tag: 'console',
  summary:
    'One application: the business, its contact, what and where it sells, its plan and payment, and its review.',
  input: z.object({ lng: ZLanguageParam, id: ZId }),
  output: ZApplicationDetail,
});

export const consoleApplicationApprove = defineEndpoint({
  path: '/console/application/approve',
  kind: 'write',
  access: 'applications.review',
  tag: 'console',
  summary:
    "Approves a submitted application (a featured one once paid): its operator is made (kind, name, VAT number, contact) and its owner invited, in one transaction; the invitation (72 hours) is mailed in the applicant's language after it. The link is answered too, so a mail that could not be sent leaves no invitation nobody knows of (`mail_sent` false). Asks for a recent re-authentication.",
  input: z.object({ lng: ZLanguageParam, id: ZId }),
  output: z.object({
    application: ZApplicationDetail,
    invitation: z.object({ link: z.string(), expires_at: z.string(), mail_sent: z.boolean() }),
  }),
});

export const consoleApplicationReject = defineEndpoint({
  path: '/console/application/reject',
  kind: 'write',
  access: 'applications.review',
  tag: 'console',
  summary:
    "Rejects a submitted application, or a featured one left unpaid, with a reason mailed to the applicant in their language. A paid featured listing is refunded in full through the provider that took it, asked with one idempotency key however often the rejection is sent; the provider's refusal is a 422 `REFUND_REFUSED` (its reason in `fields.reason`, its code in `fields.provider_code`) and leaves the application as it was.",
  input: z.object({
    lng: ZLanguageParam,
    id: ZId,
    reason: z.string().trim().min(1).max(REJECTION_REASON_MAX),
  }),
  output: z.object({ application: ZApplicationDetail, mail_sent: z.boolean() }),
});
