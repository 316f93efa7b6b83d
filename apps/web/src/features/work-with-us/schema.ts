import type { ApiInput } from '@sentiero/contract/api';
import type { VatCountry } from '@sentiero/contract/rules/vat-numbers';
import {
  type ApplicationPaymentMethod,
  vatNumberCheck,
  ZApplicationFields,
} from '@sentiero/contract/work-with-us';
import { z } from 'zod';
import { type CardDraft, type CardInput, findCardProblems, toCardInput } from '../../payments/card-draft.ts';
import type { OnlinePaymentChoice } from '../../payments/online-choices.ts';

/**
 * The application's fields with the rules the server applies (the same schema, the VAT number read
 * by the rule of the country chosen). Its messages are keys of the `errors` namespace
 * (`field.vatNumberInvalid`), the same the server translates.
 */
/** How the featured listing is paid, as the form shows the choice. */
export type FeaturedPayment = { choice: OnlinePaymentChoice; card: CardDraft };

/** `payment` is checked on sending, by whoever takes cards (`readFeaturedPayment`). */
export const ZApplicationForm = ZApplicationFields.extend({ payment: z.custom<FeaturedPayment>() }).refine(
  ...vatNumberCheck,
);
/** The form's values: the application, and how to pay when the plan is featured. */
export type ApplicationFormValues = z.input<typeof ZApplicationForm>;
export type ApplicationFormOutput = z.output<typeof ZApplicationForm>;

export const EMPTY_APPLICATION: ApplicationFormValues = {
  business_name: '',
  business_kind: '' as ApplicationFormValues['business_kind'],
  vat_country: 'IT' satisfies VatCountry,
  vat_number: '',
  contact_name: '',
  email: '',
  phone: '',
  activities: [],
  country: 'IT',
  region: '',
  area_names: '',
  message: '',
  plan: 'commission',
  terms: false,
  payment: { choice: 'card', card: { number: '', expiry: '', cvc: '' } },
};

/** An i18n key of a form message: the schema's are the `errors` namespace's, the card's carry theirs. */
export function messageKey(message: string): string {
  return message.startsWith('field.') ? `errors:${message}` : message;
}

/**
 * What the featured plan's payment adds to the call: the method, and the simulator's card when
 * it takes cards (checked here first, like the ticket checkout's). Problems are card field keys.
 */
export function readFeaturedPayment(
  payment: FeaturedPayment,
  cardTaker: 'sandbox' | 'stripe' | null,
  today: string,
):
  | { ok: true; fields: { payment_method: ApplicationPaymentMethod; card?: CardInput } }
  | { ok: false; problems: Partial<Record<keyof CardDraft, string>> } {
  if (payment.choice === 'paypal') return { ok: true, fields: { payment_method: 'paypal' } };
  if (cardTaker === 'stripe') return { ok: true, fields: { payment_method: 'card' } };
  const problems = findCardProblems(payment.card, today);
  if (Object.keys(problems).length > 0) return { ok: false, problems };
  return { ok: true, fields: { payment_method: 'sandbox', card: toCardInput(payment.card) } };
}

/** The call's input from the checked fields, with one key per attempt (a lost answer resent is one application). */
export function toApplicationInput(
  { payment: _payment, ...values }: ApplicationFormOutput,
  payment: { payment_method: ApplicationPaymentMethod; card?: CardInput } | null,
  idempotencyKey: string,
): ApiInput<'workWithUsBuy'> {
  return {
    ...values,
    region: values.region ?? undefined,
    ...(values.plan === 'featured' && payment ? payment : {}),
    idempotency_key: idempotencyKey,
  };
}
