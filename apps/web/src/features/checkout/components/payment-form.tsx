import { zodResolver } from '@hookform/resolvers/zod';
import type { Order } from '@sentiero/contract/checkout';
import { PAGES } from '@sentiero/contract/pages';
import type { PaymentMethods } from '@sentiero/contract/system';
import { type ChangeEvent, useEffect, useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useAuthStore } from '../../../lib/auth-store.ts';
import { formatMoney } from '../../../lib/format.ts';
import { useCurrentLanguage } from '../../../lib/i18n.ts';
import { CardNotTakenError } from '../../../payments/card-confirmation.ts';
import { toCardInput } from '../../../payments/card-draft.ts';
import { useCardPayment } from '../../../payments/card-payment.tsx';
import { PaymentMethodFields } from '../../../payments/payment-method-fields.tsx';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { completeOrder, useBuyTickets } from '../api.ts';
import { type GuestRules, toGuestInput } from '../guest-rules.ts';
import {
  findReusableCardOrder,
  getNextPaymentStep,
  getPaymentChoices,
  type PendingCardOrder,
  toPaymentMethod,
} from '../payment-methods.ts';
import { classifyPurchaseFailure, endsAttempt, type PurchaseFailure } from '../purchase.ts';
import { buildPaymentFormSchema, type PaymentForm as PaymentValues } from '../schemas.ts';
import { type PaymentChoice, useCheckoutStore } from '../store.ts';

function FailureMessage({ failure, ticketId }: { failure: PurchaseFailure; ticketId: number }) {
  const { t } = useTranslation(['checkout', 'errors']);
  switch (failure.kind) {
    case 'unavailable':
      return (
        <Alert tone="error">
          <p>{t('errors:TICKET_UNAVAILABLE')}</p>
          <Link
            to={PAGES.event.path({ eventId: ticketId })}
            className="mt-2 inline-block font-medium underline"
          >
            {t('failure.backToEvent')}
          </Link>
        </Alert>
      );
    // The card was declined (402 PAYMENT_DECLINED, or Stripe.js refused it): say so, and what to do.
    case 'declined':
      return <Alert tone="error">{t('declined.card')}</Alert>;
    case 'card':
      return (
        <Alert tone="error">
          {failure.problem === 'declined' ? t('declined.card') : t('problems.cardIncomplete')}
        </Alert>
      );
    case 'method':
      return <Alert tone="error">{t('failure.methodUnavailable')}</Alert>;
    case 'cashLimit':
      return <Alert tone="error">{t(`errors:${failure.code}`)}</Alert>;
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
  methods,
}: {
  ticketId: number;
  rules: GuestRules;
  totalCents: number;
  methods: PaymentMethods;
}) {
  const { t } = useTranslation(['checkout', 'errors']);
  const language = useCurrentLanguage();
  const navigate = useNavigate();
  const choices = getPaymentChoices(methods, totalCents);
  const stored = useCheckoutStore.getState().paymentChoice;
  const schema = useMemo(
    () => buildPaymentFormSchema(rules.today, methods.card),
    [rules.today, methods.card],
  );
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
  const [failure, setFailure] = useState<PurchaseFailure | null>(null);
  const cardPayment = useCardPayment(methods);
  // The order of this attempt that Stripe's card is paying.
  const pendingCard = useRef<PendingCardOrder | null>(null);
  // The browser is on its way to the provider's pages: the button stays busy until it has left.
  const [leaving, setLeaving] = useState(false);

  /** Confirms the card with Stripe.js, then asks the server what came of it. */
  async function payWithStripe(order: Order, clientSecret: string): Promise<Order> {
    const confirmation = await cardPayment.confirm(clientSecret);
    // PAYMENT_DECLINED when Stripe charged and the bank refused: the order is closed.
    const { order: settled } = await completeOrder(order.code);
    if (confirmation === 'refused' && settled.status === 'pending') throw new CardNotTakenError('declined');
    pendingCard.current = null;
    return settled;
  }

  function purchase(values: PaymentValues) {
    setFailure(null);
    const checkout = useCheckoutStore.getState();
    const idempotencyKey = checkout.requireIdempotencyKey();
    buy.mutate({
      reusableOrder: findReusableCardOrder(pendingCard.current, idempotencyKey, new Date()),
      purchase: {
        id_ticket: ticketId,
        guests: checkout.guests.map((guest) => toGuestInput(rules, guest)),
        payment_method: toPaymentMethod(values.choice, methods),
        idempotency_key: idempotencyKey,
        coupon: checkout.coupon?.code,
        ...(checkout.heldOffer ? { waitlist_offer: checkout.heldOffer.token } : {}),
        ...(values.choice === 'card' && methods.card === 'sandbox' ? { card: toCardInput(values.card) } : {}),
      },
      confirmCard: (order, clientSecret) => {
        pendingCard.current = { idempotencyKey, order };
        return payWithStripe(order, clientSecret);
      },
    });
  }

  const buy = useBuyTickets(ticketId, {
    onSuccess: (order) => {
      const next = getNextPaymentStep(order);
      // Kept for the confirmation; the next attempt, after coming back from PayPal, is a new purchase.
      useCheckoutStore.getState().recordOrder(ticketId, order);
      if (next.kind === 'redirect') {
        // PayPal brings the buyer back to /event/{id}/confirmation?order=CODE.
        setLeaving(true);
        window.location.assign(next.url);
        return;
      }
      navigate(PAGES.eventConfirmation.path({ eventId: ticketId }));
    },
    onError: (error) => {
      const found = classifyPurchaseFailure(error);
      const checkout = useCheckoutStore.getState();
      if (endsAttempt(found)) {
        checkout.endAttempt();
        pendingCard.current = null;
      }
      if (found.kind === 'login') {
        // The session ended on the server: the page asks to log in again, keeping the guests.
        useAuthStore.getState().clearUser();
      } else if (found.kind === 'guests') {
        checkout.showGuestErrors(found.fields);
        navigate(PAGES.eventGuests.path({ eventId: ticketId }));
      } else {
        if (found.kind === 'coupon') checkout.applyCoupon(null);
        setFailure(found);
        form.resetField('card.cvc');
      }
    },
  });

  const submit = form.handleSubmit((values) => {
    if (values.choice === 'card' && !cardPayment.requireWholeCard()) return;
    purchase(values);
  });

  if (choices.length === 0) return <Alert tone="error">{t('failure.methodUnavailable')}</Alert>;

  const submitLabel =
    choice === 'card'
      ? t('payment.pay', { total: formatMoney(totalCents, language) })
      : choice === 'paypal'
        ? t('payment.toPaypal')
        : choice === 'cash'
          ? t('payment.book')
          : t('payment.confirmFree');

  return (
    <form
      noValidate
      onSubmit={submit}
      className="space-y-5 rounded-xl border border-stone-200 bg-white p-5 shadow-sm"
    >
      <PaymentMethodFields
        legend={t('payment.method')}
        legendClassName="mb-2 font-semibold text-lg text-stone-900"
        choices={choices}
        chosen={choice}
        describe={(option) => ({ title: t(`payment.${option}`), text: t(`payment.${option}Text`) })}
        choiceField={form.register('choice', {
          onChange: (event: ChangeEvent<HTMLInputElement>) => {
            const checkout = useCheckoutStore.getState();
            checkout.choosePayment(event.target.value as PaymentChoice);
            // The same attempt would answer the card order again: another method is a new purchase.
            if (pendingCard.current) {
              checkout.endAttempt();
              pendingCard.current = null;
            }
            setFailure(null);
          },
        })}
        cardPayment={cardPayment}
        registerCard={form.register}
        cardErrors={form.formState.errors.card}
      />
      {failure && <FailureMessage failure={failure} ticketId={ticketId} />}
      <Button
        type="submit"
        className="w-full"
        busy={buy.isPending || leaving}
        busyLabel={t('payment.sending')}
      >
        {submitLabel}
      </Button>
    </form>
  );
}
