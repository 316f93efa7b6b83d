import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { callApi } from '../../../lib/api-client.ts';
import { useAuthStore } from '../../../lib/auth-store.ts';
import { fieldErrorText } from '../../../lib/form-errors.ts';
import { formatMoney } from '../../../lib/format.ts';
import { useCurrentLanguage } from '../../../lib/i18n.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { checkboxClass, TextField } from '../../../ui/form-field.tsx';
import { type GuestRules, toGuestInput } from '../guest-rules.ts';
import { classifyPurchaseFailure, endsAttempt, type PurchaseFailure, toCardInput } from '../purchase.ts';
import { buildPaymentFormSchema, type PaymentForm as PaymentValues } from '../schemas.ts';
import { type PaymentChoice, useCheckoutStore } from '../store.ts';

/**
 * The card processor this site runs: the embedded sandbox (DESIGN: payments). It is the only one
 * the client can drive today; Stripe needs Stripe.js and the site to say it is configured.
 */
const CARD_METHOD = 'sandbox' as const;
const SANDBOX_TEST_CARD = '4242 4242 4242 4242';

function FailureMessage({ failure, ticketId }: { failure: PurchaseFailure; ticketId: number }) {
  const { t } = useTranslation(['checkout', 'errors']);
  switch (failure.kind) {
    case 'unavailable':
      return (
        <Alert tone="error">
          <p>{t('errors:TICKET_UNAVAILABLE')}</p>
          <Link to={`/event/${ticketId}`} className="mt-2 inline-block font-medium underline">
            {t('failure.backToEvent')}
          </Link>
        </Alert>
      );
    case 'declined':
      return <Alert tone="error">{t('errors:PAYMENT_DECLINED')}</Alert>;
    case 'method':
      return <Alert tone="error">{t('failure.methodUnavailable')}</Alert>;
    case 'coupon':
    case 'invalid':
      return <Alert tone="error">{failure.message}</Alert>;
    case 'retry':
      return <Alert tone="error">{t('errors:INTERNAL')}</Alert>;
    default:
      return null;
  }
}

/** The payment method, the card's details when paying by card, and the purchase itself. */
export function PaymentForm({
  ticketId,
  rules,
  totalCents,
}: {
  ticketId: number;
  rules: GuestRules;
  totalCents: number;
}) {
  const { t } = useTranslation(['checkout', 'errors']);
  const language = useCurrentLanguage();
  const navigate = useNavigate();
  const choices: PaymentChoice[] = totalCents === 0 ? ['free'] : ['card', 'cash'];
  const stored = useCheckoutStore.getState().paymentChoice;
  const schema = useMemo(() => buildPaymentFormSchema(rules.today), [rules.today]);
  const form = useForm<PaymentValues>({
    resolver: zodResolver(schema),
    defaultValues: {
      choice: stored && choices.includes(stored) ? stored : choices[0],
      card: { number: '', expiry: '', cvc: '' },
    },
  });
  const choice = form.watch('choice');
  const offered = choices.join();
  // A coupon can bring the total to nothing, or back: the choice follows what is offered.
  useEffect(() => {
    const [first] = offered.split(',') as PaymentChoice[];
    if (first && !offered.split(',').includes(form.getValues('choice'))) form.setValue('choice', first);
  }, [offered, form]);
  const errors = form.formState.errors.card;
  const text = (error: Parameters<typeof fieldErrorText>[0]) => fieldErrorText(error, (key) => t(key));
  const [failure, setFailure] = useState<PurchaseFailure | null>(null);

  const buy = useMutation({
    mutationFn: (values: PaymentValues) => {
      setFailure(null);
      const checkout = useCheckoutStore.getState();
      return callApi('ticketBuy', {
        id_ticket: ticketId,
        guests: checkout.guests.map((guest) => toGuestInput(rules, guest)),
        payment_method: values.choice === 'card' ? CARD_METHOD : values.choice,
        idempotency_key: checkout.requireIdempotencyKey(),
        coupon: checkout.coupon?.code,
        ...(values.choice === 'card' ? { card: toCardInput(values.card) } : {}),
      });
    },
    onSuccess: ({ order }) => {
      // A provider that takes the buyer to its own pages (PayPal) brings them back to the confirmation.
      if (order.status === 'pending' && order.redirect_url) {
        window.location.assign(order.redirect_url);
        return;
      }
      useCheckoutStore.getState().recordOrder(ticketId, order);
      navigate(`/event/${ticketId}/confirmation`);
    },
    onError: (error) => {
      const found = classifyPurchaseFailure(error);
      const checkout = useCheckoutStore.getState();
      if (endsAttempt(found)) checkout.endAttempt();
      if (found.kind === 'login') {
        // The session ended on the server: the page asks to log in again, keeping the guests.
        useAuthStore.getState().clearUser();
      } else if (found.kind === 'guests') {
        checkout.showGuestErrors(found.fields);
        navigate(`/event/${ticketId}/guests`);
      } else {
        if (found.kind === 'coupon') checkout.applyCoupon(null);
        setFailure(found);
        form.resetField('card.cvc');
      }
    },
  });

  const submitLabel =
    choice === 'card'
      ? t('payment.pay', { total: formatMoney(totalCents, language) })
      : choice === 'cash'
        ? t('payment.book')
        : t('payment.confirmFree');

  return (
    <form
      noValidate
      onSubmit={form.handleSubmit((values) => buy.mutate(values))}
      className="space-y-5 rounded-xl border border-stone-200 bg-white p-5 shadow-sm"
    >
      <fieldset className="space-y-3">
        <legend className="mb-2 font-semibold text-lg text-stone-900">{t('payment.method')}</legend>
        {choices.map((option) => (
          <label
            key={option}
            className="flex cursor-pointer items-start gap-3 rounded-lg border border-stone-200 p-3 has-checked:border-brand-600 has-checked:bg-brand-50"
          >
            <input
              type="radio"
              value={option}
              className={checkboxClass}
              {...form.register('choice', {
                onChange: () => {
                  useCheckoutStore.getState().choosePayment(option);
                  setFailure(null);
                },
              })}
            />
            <span>
              <span className="block font-medium text-stone-900">{t(`payment.${option}`)}</span>
              <span className="block text-sm text-stone-600">{t(`payment.${option}Text`)}</span>
            </span>
          </label>
        ))}
      </fieldset>
      {choice === 'card' && (
        <div className="space-y-4">
          <TextField
            label={t('payment.cardNumber')}
            inputMode="numeric"
            autoComplete="cc-number"
            hint={
              CARD_METHOD === 'sandbox' ? t('payment.testCard', { number: SANDBOX_TEST_CARD }) : undefined
            }
            error={text(errors?.number)}
            {...form.register('card.number')}
          />
          <div className="grid grid-cols-2 gap-4">
            <TextField
              label={t('payment.cardExpiry')}
              autoComplete="cc-exp"
              placeholder={t('payment.cardExpiryPlaceholder')}
              error={text(errors?.expiry)}
              {...form.register('card.expiry')}
            />
            <TextField
              label={t('payment.cardCvc')}
              inputMode="numeric"
              autoComplete="cc-csc"
              error={text(errors?.cvc)}
              {...form.register('card.cvc')}
            />
          </div>
        </div>
      )}
      {failure && <FailureMessage failure={failure} ticketId={ticketId} />}
      <Button type="submit" className="w-full" busy={buy.isPending} busyLabel={t('payment.sending')}>
        {submitLabel}
      </Button>
    </form>
  );
}
