import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSite } from '../../../lib/site.ts';
import { Button } from '../../../ui/button.tsx';
import { useChangeMembershipPayment } from '../api.ts';
import { classifyMembershipFailure, type MembershipFailure } from '../membership.ts';
import { MembershipFailureMessage } from './membership-failure.tsx';
import { MembershipPaymentForm } from './membership-payment-form.tsx';

/**
 * "Change payment method": the same choices as the purchase. After a failed renewal the server
 * charges the new method at once, and the button says so.
 */
export function PaymentMethodChange({
  pastDue,
  onDone,
  onClose,
}: {
  pastDue: boolean;
  onDone(): void;
  onClose(): void;
}) {
  const { t } = useTranslation('premium');
  const methods = useSite().data?.payment_methods;
  const [failure, setFailure] = useState<MembershipFailure | null>(null);
  const [leaving, setLeaving] = useState(false);
  const region = useRef<HTMLElement>(null);
  useEffect(() => region.current?.focus(), []);
  const change = useChangeMembershipPayment({
    onSuccess: ({ subscription }) => {
      if (subscription.redirect_url) {
        setLeaving(true);
        window.location.assign(subscription.redirect_url);
        return;
      }
      onDone();
    },
    onError: (error) => setFailure(classifyMembershipFailure(error)),
  });
  if (!methods) return null;
  return (
    <section
      ref={region}
      tabIndex={-1}
      aria-labelledby="membership-payment"
      className="space-y-4 rounded-lg border border-stone-200 p-4 outline-none focus-visible:ring-2 focus-visible:ring-brand-700"
    >
      <h4 id="membership-payment" className="font-medium text-stone-900">
        {t('manage.changePayment')}
      </h4>
      <MembershipPaymentForm
        methods={methods}
        busy={change.isPending || leaving}
        failure={failure && <MembershipFailureMessage failure={failure} />}
        submitLabel={(choice) =>
          choice === 'paypal'
            ? t('join.toPaypal')
            : pastDue
              ? t('manage.saveAndPay')
              : t('manage.savePayment')
        }
        onPay={(payment, confirmCard) => {
          setFailure(null);
          change.mutate({ change: payment, confirmCard });
        }}
      />
      <Button variant="secondary" className="w-full" disabled={change.isPending} onClick={onClose}>
        {t('manage.close')}
      </Button>
    </section>
  );
}
