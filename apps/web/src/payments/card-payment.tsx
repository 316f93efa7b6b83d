import type { PaymentMethods } from '@sentiero/contract/system';
import { type RefObject, useRef, useState } from 'react';
import type { FieldErrors, UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fieldErrorText } from '../lib/form-errors.ts';
import { confirmStripeCard } from './card-confirmation.ts';
import type { CardDraft } from './card-draft.ts';
import { CardFields } from './card-fields.tsx';
import type { MountedStripeCard, StripeCardState } from './stripe-card.ts';
import { StripeCardField } from './stripe-card-field.tsx';

/**
 * Paying by card, as the ticket checkout and the Sentiero+ purchase both do it: whoever takes
 * cards here (the sandbox, the embedded default's card simulator, or Stripe), Stripe's field when
 * it is Stripe, and the confirmation of the intent the server set up.
 */
export type CardPayment = {
  provider: PaymentMethods['card'];
  /**
   * Whether the card may be sent: with Stripe, only once its field holds a whole card (otherwise
   * the field says so). The sandbox's fields are checked by the form that holds them.
   */
  requireWholeCard(): boolean;
  /** `confirmStripeCard` with the card typed into Stripe's field. */
  confirm(clientSecret: string): Promise<'confirmed' | 'refused'>;
  stripe: {
    publishableKey: string;
    cardRef: RefObject<MountedStripeCard | null>;
    onChange(state: StripeCardState): void;
    error: string | undefined;
  } | null;
};

export function useCardPayment(methods: PaymentMethods): CardPayment {
  const { t } = useTranslation('checkout');
  const cardRef = useRef<MountedStripeCard | null>(null);
  const [state, setState] = useState<StripeCardState>({ complete: false });
  const [problem, setProblem] = useState<string | undefined>();
  const publishableKey = methods.card === 'stripe' ? methods.stripe_publishable_key : null;
  return {
    provider: methods.card,
    requireWholeCard: () => {
      if (publishableKey && !state.complete) {
        setProblem(t('problems.cardIncomplete'));
        return false;
      }
      setProblem(undefined);
      return true;
    },
    confirm: (clientSecret) => confirmStripeCard(cardRef.current, clientSecret),
    stripe: publishableKey
      ? {
          publishableKey,
          cardRef,
          onChange: (next) => {
            setState(next);
            if (next.complete) setProblem(undefined);
          },
          error: problem,
        }
      : null,
  };
}

type CardField = keyof CardDraft;

/**
 * The card's details for whoever takes cards: Stripe's own field, or the sandbox's number, expiry
 * and security code, registered in the form that holds them (as `card.number`, …).
 */
export function CardPaymentFields({
  payment,
  register,
  errors,
}: {
  payment: CardPayment;
  register(name: `card.${CardField}`): UseFormRegisterReturn;
  errors: FieldErrors<CardDraft> | undefined;
}) {
  const { t } = useTranslation('checkout');
  if (payment.stripe) return <StripeCardField {...payment.stripe} />;
  if (payment.provider !== 'sandbox') return null;
  const text = (field: CardField) => fieldErrorText(errors?.[field], (key) => t(key));
  return (
    <CardFields
      fields={{ number: register('card.number'), expiry: register('card.expiry'), cvc: register('card.cvc') }}
      errors={{ number: text('number'), expiry: text('expiry'), cvc: text('cvc') }}
    />
  );
}
