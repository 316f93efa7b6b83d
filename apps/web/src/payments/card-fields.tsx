import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextField } from '../ui/form-field.tsx';

/** The simulator's card that always goes through, shown beside its number field. */
const SANDBOX_TEST_CARD = '4242 4242 4242 4242';

type CardField = 'number' | 'expiry' | 'cvc';

/**
 * The card's number, expiry and security code when the sandbox (the embedded default's card
 * simulator) takes cards: the form that holds them registers each field and words its errors.
 * Shared by the ticket checkout and the Sentiero+ purchase.
 */
export function CardFields({
  fields,
  errors,
}: {
  fields: Record<CardField, UseFormRegisterReturn>;
  errors: Partial<Record<CardField, string | undefined>>;
}) {
  const { t } = useTranslation('checkout');
  return (
    <div className="space-y-4">
      <TextField
        label={t('payment.cardNumber')}
        inputMode="numeric"
        autoComplete="cc-number"
        hint={t('payment.testCard', { number: SANDBOX_TEST_CARD })}
        error={errors.number}
        {...fields.number}
      />
      <div className="grid grid-cols-2 gap-4">
        <TextField
          label={t('payment.cardExpiry')}
          autoComplete="cc-exp"
          placeholder={t('payment.cardExpiryPlaceholder')}
          error={errors.expiry}
          {...fields.expiry}
        />
        <TextField
          label={t('payment.cardCvc')}
          inputMode="numeric"
          autoComplete="cc-csc"
          error={errors.cvc}
          {...fields.cvc}
        />
      </div>
    </div>
  );
}
