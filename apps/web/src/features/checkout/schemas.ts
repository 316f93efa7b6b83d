import { MAX_GUESTS } from '@sentiero/contract/checkout';
import type { PaymentMethods } from '@sentiero/contract/system';
import { z } from 'zod';
import { type CardDraft, findCardProblems } from '../../payments/card-draft.ts';
import { findGuestDraftProblems, type GuestRules } from './guest-rules.ts';
import { PAYMENT_CHOICES } from './store.ts';

/*
 * The forms' own checks, the same rules the server applies again on payment. Messages are i18n
 * keys: the `errors` namespace's field messages, as the server words them, or the checkout's own.
 */

const ZGuestDraft = z.object({
  full_name: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  birth_year: z.string(),
  card_number: z.string(),
  country: z.string(),
  fiscal_code: z.string(),
});

/** The guests step: every guest checked against the ticket's rules and the availability calendar. */
export function buildGuestsFormSchema(rules: GuestRules) {
  return z
    .object({ guests: z.array(ZGuestDraft).min(1).max(MAX_GUESTS, 'errors:field.tooManyGuests') })
    .superRefine((form, ctx) => {
      form.guests.forEach((guest, index) => {
        for (const [field, message] of Object.entries(findGuestDraftProblems(rules, guest))) {
          ctx.addIssue({ code: 'custom', path: ['guests', index, field], message });
        }
      });
    });
}
export type GuestsForm = z.infer<ReturnType<typeof buildGuestsFormSchema>>;

/**
 * The payment step: the card's details are asked only when paying by card, and checked here only
 * for the simulator; with Stripe they are typed into Stripe's own field, which checks them.
 */
export function buildPaymentFormSchema(today: string, cardProvider: PaymentMethods['card']) {
  return z
    .object({
      choice: z.enum(PAYMENT_CHOICES, 'checkout:problems.chooseMethod'),
      card: z.object({ number: z.string(), expiry: z.string(), cvc: z.string() }),
    })
    .superRefine((form, ctx) => {
      if (form.choice !== 'card' || cardProvider !== 'sandbox') return;
      for (const [field, message] of Object.entries(findCardProblems(form.card, today))) {
        ctx.addIssue({ code: 'custom', path: ['card', field], message });
      }
    });
}
export type PaymentForm = { choice: (typeof PAYMENT_CHOICES)[number]; card: CardDraft };
