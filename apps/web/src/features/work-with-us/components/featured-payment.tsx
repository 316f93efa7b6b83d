import type { PaymentMethods } from '@sentiero/contract/system';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { CardDraft } from '../../../payments/card-draft.ts';
import type { CardPayment } from '../../../payments/card-payment.tsx';
import { getOnlinePaymentChoices, type OnlinePaymentChoice } from '../../../payments/online-choices.ts';
import { PaymentMethodFields } from '../../../payments/payment-method-fields.tsx';
import type { ApplicationFormValues } from '../schema.ts';

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
  choice: OnlinePaymentChoice;
  register: UseFormRegister<ApplicationFormValues>;
  errors: FieldErrors<CardDraft> | undefined;
}) {
  const { t } = useTranslation(['workWithUs', 'checkout']);
  const choices = getOnlinePaymentChoices(methods);
  if (choices.length === 0)
    return <p className="text-stone-700">{t('checkout:failure.methodUnavailable')}</p>;
  return (
    <PaymentMethodFields
      legend={t('payment.method')}
      choices={choices}
      chosen={choice}
      describe={(option) => ({ title: t(`payment.${option}`), text: t(`payment.${option}Text`) })}
      choiceField={register('payment.choice')}
      cardPayment={cardPayment}
      registerCard={(name) => register(`payment.${name}`)}
      cardErrors={errors}
    />
  );
}
