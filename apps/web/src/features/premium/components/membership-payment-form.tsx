import type { Subscription, SubscriptionPaymentMethod } from '@sentiero/contract/premium';
import type { PaymentMethods } from '@sentiero/contract/system';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CardNotTakenError } from '../../../payments/card-confirmation.ts';
import {
  type CardDraft,
  type CardInput,
  findCardProblems,
  toCardInput,
} from '../../../payments/card-draft.ts';
import { useCardPayment } from '../../../payments/card-payment.tsx';
import { getOnlinePaymentChoices, type OnlinePaymentChoice } from '../../../payments/online-choices.ts';
import { PaymentMethodFields } from '../../../payments/payment-method-fields.tsx';
import { Button } from '../../../ui/button.tsx';
import { completeMembership } from '../api.ts';

/** What the server is asked to save: the method, and the simulator's card when it takes cards. */
export type MembershipPayment = { payment_method: SubscriptionPaymentMethod; card?: CardInput };

/** Confirms the card of a membership with Stripe.js, then answers the membership as the server has it. */
export type ConfirmMembershipCard = (
  subscription: Subscription,
  clientSecret: string,
) => Promise<Subscription>;

type FormValues = { choice: OnlinePaymentChoice; card: CardDraft };

/**
 * The payment part of the Sentiero+ purchase and of "change payment method": the same choices as
 * the ticket checkout (the sandbox's test card on the embedded default, cards through Stripe,
 * PayPal) and the same card fields. `children` comes first inside the form (the plan choice).
 */
export function MembershipPaymentForm({
  methods,
  busy,
  submitLabel,
  onPay,
  children,
  footer,
  failure,
}: {
  methods: PaymentMethods;
  busy: boolean;
  submitLabel(choice: OnlinePaymentChoice): string;
  onPay(payment: MembershipPayment, confirmCard: ConfirmMembershipCard): void;
  children?: ReactNode;
  /** Below the button: what the member agrees to (the renewal), or nothing. */
  footer?: ReactNode;
  failure?: ReactNode;
}) {
  const { t } = useTranslation(['premium', 'checkout']);
  const choices = getOnlinePaymentChoices(methods);
  const form = useForm<FormValues>({
    defaultValues: { choice: choices[0] ?? 'card', card: { number: '', expiry: '', cvc: '' } },
  });
  const choice = form.watch('choice');
  const cardPayment = useCardPayment(methods);

  /** Stripe.js confirms the card the server set up, then the server says what came of it. */
  const confirmCard: ConfirmMembershipCard = async (_subscription, clientSecret) => {
    if ((await cardPayment.confirm(clientSecret)) === 'refused') throw new CardNotTakenError('declined');
    return (await completeMembership()).subscription;
  };

  const submit = form.handleSubmit((values) => {
    if (values.choice === 'paypal') return onPay({ payment_method: 'paypal' }, confirmCard);
    if (!cardPayment.requireWholeCard()) return;
    if (cardPayment.stripe) return onPay({ payment_method: 'card' }, confirmCard);
    const problems = findCardProblems(values.card, new Date().toISOString().slice(0, 10));
    const entries = Object.entries(problems) as [keyof CardDraft, string][];
    for (const [field, message] of entries) form.setError(`card.${field}`, { message });
    if (entries.length > 0) return;
    onPay({ payment_method: 'sandbox', card: toCardInput(values.card) }, confirmCard);
  });

  if (choices.length === 0)
    return <p className="text-stone-700">{t('checkout:failure.methodUnavailable')}</p>;

  return (
    <form noValidate onSubmit={submit} className="space-y-5">
      {children}
      <PaymentMethodFields
        legend={t('pay.method')}
        choices={choices}
        chosen={choice}
        describe={(option) => ({ title: t(`pay.${option}`), text: t(`pay.${option}Text`) })}
        choiceField={form.register('choice')}
        cardPayment={cardPayment}
        registerCard={form.register}
        cardErrors={form.formState.errors.card}
      />
      {failure}
      <Button type="submit" className="w-full" busy={busy} busyLabel={t('checkout:payment.sending')}>
        {submitLabel(choice)}
      </Button>
      {footer}
    </form>
  );
}
