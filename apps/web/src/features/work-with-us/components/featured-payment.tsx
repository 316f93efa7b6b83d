import type { PaymentMethods } from '@sentiero/contract/system';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { CardDraft } from '../../../payments/card-draft.ts';
import { type CardPayment, CardPaymentFields } from '../../../payments/card-payment.tsx';
import { checkboxClass } from '../../../ui/form-field.tsx';
import type { ApplicationFormValues, PaymentChoice } from '../schema.ts';

/** The ways this server takes the featured listing's payment: a card (whoever takes cards) or PayPal. */
export function getPaymentChoices(methods: PaymentMethods): PaymentChoice[] {
  const choices: PaymentChoice[] = [];
  if (methods.card) choices.push('card');
  if (methods.paypal) choices.push('paypal');
  return choices;
}

/** The featured plan's card or PayPal step, with the card fields of the ticket checkout. */
export function FeaturedPayment({
  methods,
  cardPayment,
  choice,
  register,
  errors,
}: {
  methods: PaymentMethods;
  cardPayment: CardPayment;
  choice: PaymentChoice;
  register: UseFormRegister<ApplicationFormValues>;
  errors: FieldErrors<CardDraft> | undefined;
}) {
  const { t } = useTranslation(['workWithUs', 'checkout']);
  const choices = getPaymentChoices(methods);
  if (choices.length === 0)
    return <p className="text-stone-700">{t('checkout:failure.methodUnavailable')}</p>;
  return (
    <fieldset className="space-y-3">
      <legend className="mb-2 font-semibold text-stone-900">{t('payment.method')}</legend>
      {choices.map((option) => (
        <label
          key={option}
          className="flex cursor-pointer items-start gap-3 rounded-lg border border-stone-200 p-3 has-checked:border-brand-600 has-checked:bg-brand-50 has-focus-visible:outline-2 has-focus-visible:outline-brand-700"
        >
          <input type="radio" value={option} className={checkboxClass} {...register('payment.choice')} />
          <span>
            <span className="block font-medium text-stone-900">{t(`payment.${option}`)}</span>
            <span className="block text-sm text-stone-600">{t(`payment.${option}Text`)}</span>
          </span>
        </label>
      ))}
      {choice === 'card' && (
        <CardPaymentFields
          payment={cardPayment}
          register={(name) => register(`payment.${name}`)}
          errors={errors}
        />
      )}
    </fieldset>
  );
}
