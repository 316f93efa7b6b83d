import type { ReactNode } from 'react';
import type { FieldErrors, UseFormRegisterReturn } from 'react-hook-form';
import { RadioCard } from '../ui/form-field.tsx';
import type { CardDraft } from './card-draft.ts';
import { type CardPayment, CardPaymentFields } from './card-payment.tsx';

/**
 * The payment method as cards to choose from, then the card's details while the card is chosen:
 * the same step in the ticket checkout, the Sentiero+ purchase and the featured listing's
 * application. The form that holds it registers the choice and the card's fields, and words each
 * method (`describe`) in its own terms: "charged at each renewal" is the membership's.
 */
export function PaymentMethodFields<Choice extends string>({
  legend,
  legendClassName = 'mb-2 font-semibold text-stone-900',
  choices,
  chosen,
  describe,
  choiceField,
  cardPayment,
  registerCard,
  cardErrors,
}: {
  legend: ReactNode;
  legendClassName?: string;
  choices: readonly Choice[];
  chosen: Choice;
  describe(choice: Choice): { title: ReactNode; text: ReactNode };
  /** The form's registration of the choice. */
  choiceField: UseFormRegisterReturn;
  cardPayment: CardPayment;
  registerCard(name: `card.${keyof CardDraft}`): UseFormRegisterReturn;
  cardErrors: FieldErrors<CardDraft> | undefined;
}) {
  return (
    <>
      <fieldset className="space-y-3">
        <legend className={legendClassName}>{legend}</legend>
        {choices.map((choice) => (
          <RadioCard key={choice} value={choice} {...describe(choice)} {...choiceField} />
        ))}
      </fieldset>
      {chosen === 'card' && (
        <CardPaymentFields payment={cardPayment} register={registerCard} errors={cardErrors} />
      )}
    </>
  );
}
