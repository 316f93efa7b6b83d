import { PAGES } from '@sentiero/contract/pages';
import type { Subscription } from '@sentiero/contract/premium';
import { BookOpen, CircleCheck, MapPinned, TableProperties } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { formatMoney } from '../../../lib/format.ts';
import { useCurrentLanguage } from '../../../lib/i18n.ts';
import { useSite } from '../../../lib/site.ts';
import { Alert } from '../../../ui/alert.tsx';
import { buttonClass } from '../../../ui/button.tsx';
import { PageHeading } from '../../../ui/page-heading.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { useCompleteMembership, useMembership } from '../api.ts';
import { MembershipFailureMessage } from '../components/membership-failure.tsx';
import { classifyMembershipFailure, formatMembershipDate } from '../membership.ts';

/** PayPal adds these to the return address of an approved subscription. */
const PAYPAL_RETURN_PARAMS = ['subscription_id', 'ba_token', 'token'];

/**
 * The trial's end, the first charge (when and how much), and where to go next. Until the provider
 * has confirmed the membership (its webhook not arrived yet) it says so, not that the benefits
 * are on.
 */
export function MembershipWelcome({ subscription }: { subscription: Subscription }) {
  const { t } = useTranslation('premium');
  const language = useCurrentLanguage();
  const brand = useSite().data?.premium_brand ?? 'Sentiero+';
  const date = (value: string) => formatMembershipDate(value, language);
  const amount = formatMoney(subscription.price, language);
  const next = [
    { to: PAGES.growth.path(), label: t('confirmation.next.growth'), Icon: TableProperties },
    { to: PAGES.events.path(), label: t('confirmation.next.events'), Icon: MapPinned },
    { to: PAGES.guides.path(), label: t('confirmation.next.guides'), Icon: BookOpen },
  ];
  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <PageHeading
        lead={t(subscription.entitled ? 'confirmation.lead' : 'confirmation.pendingLead', { brand })}
      >
        <span className="flex items-center gap-2">
          <CircleCheck aria-hidden className="size-7 text-brand-700" />
          {t('confirmation.title', { brand })}
        </span>
      </PageHeading>
      <div className="space-y-2 rounded-xl border border-stone-200 bg-white p-5 shadow-sm">
        {subscription.trial_end_date && subscription.status === 'trialing' && (
          <p className="text-stone-800">
            {t('confirmation.trialEnds', { date: date(subscription.trial_end_date) })}
          </p>
        )}
        {subscription.next_charge_date ? (
          <p className="text-stone-800">
            {t(`confirmation.firstCharge.${subscription.subscription_type}`, {
              date: date(subscription.next_charge_date),
              amount,
            })}
          </p>
        ) : subscription.last_payment ? (
          <p className="text-stone-800">
            {t('details.lastPaymentValue', {
              date: date(subscription.last_payment.date),
              amount: formatMoney(subscription.last_payment.amount_cents, language),
            })}
          </p>
        ) : null}
        {subscription.payment_label && (
          <p className="text-sm text-stone-600">
            {t('confirmation.paidWith', { method: subscription.payment_label })}
          </p>
        )}
        <p className="text-sm text-stone-600">{t('confirmation.cancelAnytime')}</p>
      </div>
      <section aria-labelledby="plus-next" className="space-y-3">
        <h2 id="plus-next" className="font-semibold text-lg">
          {t('confirmation.nextTitle')}
        </h2>
        <ul className="grid gap-3 sm:grid-cols-3">
          {next.map(({ to, label, Icon }) => (
            <li key={to}>
              <Link
                to={to}
                className="flex h-full items-center gap-3 rounded-xl border border-stone-200 bg-white p-4 font-medium text-stone-900 hover:bg-stone-50"
              >
                <Icon aria-hidden className="size-5 shrink-0 text-brand-700" />
                {label}
              </Link>
            </li>
          ))}
        </ul>
        <Link to={PAGES.accountSettings.path({ hash: 'subscriptions' })} className={buttonClass('secondary')}>
          {t('page.manage')}
        </Link>
      </section>
    </div>
  );
}

/**
 * `/plus/confirmation`: where the purchase lands, straight after a card, or back from PayPal's
 * approval (then the server is asked once what came of it).
 */
export function Component() {
  const { t } = useTranslation('premium');
  const [params] = useSearchParams();
  const backFromPaypal = PAYPAL_RETURN_PARAMS.some((name) => params.has(name));
  const complete = useCompleteMembership();
  const asked = useRef(false);
  useEffect(() => {
    if (!backFromPaypal || asked.current) return;
    asked.current = true;
    complete.mutate();
  }, [backFromPaypal, complete]);
  // Followed until the provider's confirmation gives the benefits, then the user is read again.
  const membership = useMembership({ untilEntitled: true });

  if (backFromPaypal && complete.isError) {
    return (
      <div className="mx-auto max-w-xl space-y-4">
        <PageHeading>{t('confirmation.failedTitle')}</PageHeading>
        <MembershipFailureMessage failure={classifyMembershipFailure(complete.error)} />
        <Link to={PAGES.plus.path({ hash: 'plans' })} className={buttonClass('primary')}>
          {t('confirmation.tryAgain')}
        </Link>
      </div>
    );
  }
  // The membership query holds the completion's answer too (and whatever followed it).
  const subscription =
    backFromPaypal && !complete.data
      ? undefined
      : (membership.data?.subscription ?? complete.data?.subscription);
  if (subscription) return <MembershipWelcome subscription={subscription} />;
  if ((backFromPaypal && !complete.isError) || membership.isPending) return <Spinner size="large" />;
  return (
    <div className="mx-auto max-w-xl space-y-4">
      <PageHeading>{t('confirmation.noneTitle')}</PageHeading>
      {membership.isError ? (
        <Alert tone="error">{t('failure.unexpected')}</Alert>
      ) : (
        <p className="text-stone-700">{t('confirmation.none')}</p>
      )}
      <Link to={PAGES.plus.path({ hash: 'plans' })} className={buttonClass('primary')}>
        {t('confirmation.tryAgain')}
      </Link>
    </div>
  );
}
