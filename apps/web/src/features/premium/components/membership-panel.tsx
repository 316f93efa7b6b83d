import { PAGES } from '@sentiero/contract/pages';
import type { Subscription } from '@sentiero/contract/premium';
import { Crown } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCurrentLanguage } from '../../../lib/i18n.ts';
import { useSite } from '../../../lib/site.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button, buttonClass } from '../../../ui/button.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { type MembershipAction, useMembership, useMembershipAction } from '../api.ts';
import { classifyMembershipFailure, formatMembershipDate, type MembershipFailure } from '../membership.ts';
import { MembershipDetails } from './membership-details.tsx';
import { MembershipFailureMessage, MembershipRetry } from './membership-failure.tsx';
import { PaymentMethodChange } from './payment-method-change.tsx';

/** The account's Sentiero+ part: the membership and what can be done with it, or the way to join. */
export function MembershipPanel() {
  const { t } = useTranslation('premium');
  const brand = useSite().data?.premium_brand ?? 'Sentiero+';
  const membership = useMembership();
  return (
    <div className="space-y-3">
      <h3 className="flex items-center gap-2 font-medium text-stone-900">
        <Crown aria-hidden className="size-4 text-amber-600" />
        {brand}
      </h3>
      {membership.isPending ? (
        <Spinner size="small" />
      ) : membership.isError ? (
        <MembershipRetry onRetry={() => membership.refetch()} />
      ) : membership.data.subscription ? (
        <MembershipManager subscription={membership.data.subscription} />
      ) : (
        <div className="space-y-3">
          <p className="text-stone-700">{t('manage.none', { brand })}</p>
          <Link to={PAGES.plus.path()} className={buttonClass('primary')}>
            {t('manage.discover', { brand })}
          </Link>
        </div>
      )}
    </div>
  );
}

/** What the membership's state asks of the member, in plain words, before its details. */
function MembershipNotice({ subscription }: { subscription: Subscription }) {
  const { t } = useTranslation('premium');
  const brand = useSite().data?.premium_brand ?? 'Sentiero+';
  const language = useCurrentLanguage();
  const date = (value: string | null) => (value ? formatMembershipDate(value, language) : '');
  if (subscription.managed_by_store) {
    const store = t(`store.${subscription.source === 'google' ? 'google' : 'apple'}`);
    return <Alert tone="info">{t('manage.store', { store })}</Alert>;
  }
  switch (subscription.status) {
    case 'trialing':
      return (
        <Alert tone="info">
          {subscription.next_charge_date
            ? t('manage.trialing', {
                date: date(subscription.trial_end_date ?? subscription.expiry_date),
                charge: date(subscription.next_charge_date),
              })
            : t('manage.trialingNoCharge', {
                date: date(subscription.trial_end_date ?? subscription.expiry_date),
              })}
        </Alert>
      );
    case 'past_due':
      return (
        <Alert tone="error">
          <p className="font-medium">{t('manage.pastDueTitle')}</p>
          <p className="mt-1">
            {subscription.next_charge_date
              ? t('manage.pastDue', {
                  retry: date(subscription.next_charge_date),
                  until: date(subscription.retry_until ?? subscription.expiry_date),
                  brand,
                })
              : t('manage.pastDueNoRetry', {
                  until: date(subscription.retry_until ?? subscription.expiry_date),
                  brand,
                })}
          </p>
        </Alert>
      );
    case 'suspended':
      return <Alert tone="info">{t('manage.suspended')}</Alert>;
    case 'canceled':
      return <Alert tone="info">{t('manage.canceled', { date: date(subscription.expiry_date) })}</Alert>;
    case 'expired':
      return (
        <Alert tone="info">
          <p>{t('manage.expired', { date: date(subscription.expiry_date) })}</p>
          <Link to={PAGES.plus.path()} className="mt-2 inline-block font-medium underline">
            {t('manage.joinAgain')}
          </Link>
        </Alert>
      );
    default:
      return null;
  }
}

/** Cancel and suspend are asked twice: the member reads what happens before it does. */
type Pending = Extract<MembershipAction, 'cancel' | 'suspend'>;

function ConfirmAction({
  action,
  subscription,
  busy,
  onConfirm,
  onKeep,
}: {
  action: Pending;
  subscription: Subscription;
  busy: boolean;
  onConfirm(): void;
  onKeep(): void;
}) {
  const { t } = useTranslation('premium');
  const language = useCurrentLanguage();
  const box = useRef<HTMLElement>(null);
  useEffect(() => box.current?.focus(), []);
  return (
    <section
      ref={box}
      tabIndex={-1}
      aria-labelledby="membership-confirm"
      className="space-y-3 rounded-lg border border-amber-200 bg-amber-50 p-4 text-amber-950 outline-none focus-visible:ring-2 focus-visible:ring-brand-700"
    >
      <p id="membership-confirm" className="font-medium">
        {t(`confirm.${action}Title`)}
      </p>
      <p className="text-sm">
        {t(`confirm.${action}Text`, { date: formatMembershipDate(subscription.expiry_date, language) })}
      </p>
      <div className="flex flex-wrap gap-3">
        <Button variant="danger" busy={busy} busyLabel={t('manage.sending')} onClick={onConfirm}>
          {t(`confirm.${action}Yes`)}
        </Button>
        <Button variant="secondary" disabled={busy} onClick={onKeep}>
          {t('confirm.keep')}
        </Button>
      </div>
    </section>
  );
}

/**
 * The membership, what its state means, and the member's actions on it: suspend, resume, cancel
 * (asked first, saying until when it stays), undo the cancellation, change the way of paying.
 * The server says which its state allows (`actions`, none for an app-store membership): only
 * those are offered, in the order it gives.
 */
export function MembershipManager({ subscription }: { subscription: Subscription }) {
  const { t } = useTranslation('premium');
  const [asking, setAsking] = useState<Pending | null>(null);
  const [changingPayment, setChangingPayment] = useState(false);
  const [failure, setFailure] = useState<MembershipFailure | null>(null);
  const [done, setDone] = useState<MembershipAction | 'changePayment' | null>(null);
  const act = useMembershipAction({
    onSuccess: (_answer, action) => {
      setAsking(null);
      setDone(action);
    },
    onError: (error) => setFailure(classifyMembershipFailure(error)),
  });
  const run = (action: MembershipAction) => {
    setFailure(null);
    setDone(null);
    act.mutate(action);
  };

  return (
    <div className="space-y-4">
      <MembershipNotice subscription={subscription} />
      {done && <Alert tone="success">{t(`manage.done.${done}`)}</Alert>}
      <MembershipDetails subscription={subscription} />
      {failure && <MembershipFailureMessage failure={failure} />}
      {asking ? (
        <ConfirmAction
          action={asking}
          subscription={subscription}
          busy={act.isPending}
          onConfirm={() => run(asking)}
          onKeep={() => setAsking(null)}
        />
      ) : changingPayment ? (
        <PaymentMethodChange
          pastDue={subscription.status === 'past_due'}
          onDone={() => {
            setChangingPayment(false);
            setDone('changePayment');
          }}
          onClose={() => setChangingPayment(false)}
        />
      ) : (
        subscription.actions.length > 0 && (
          <div className="flex flex-wrap gap-3">
            {subscription.actions.map((control) =>
              control === 'change_payment' ? (
                <Button
                  key={control}
                  variant={subscription.status === 'past_due' ? 'primary' : 'secondary'}
                  onClick={() => {
                    setDone(null);
                    setFailure(null);
                    setChangingPayment(true);
                  }}
                >
                  {t('manage.changePayment')}
                </Button>
              ) : control === 'cancel' || control === 'suspend' ? (
                <Button
                  key={control}
                  variant="secondary"
                  onClick={() => {
                    setDone(null);
                    setFailure(null);
                    setAsking(control);
                  }}
                >
                  {t(`manage.${control}`)}
                </Button>
              ) : (
                <Button
                  key={control}
                  busy={act.isPending && act.variables === control}
                  busyLabel={t('manage.sending')}
                  disabled={act.isPending}
                  onClick={() => run(control)}
                >
                  {t(`manage.${control}`)}
                </Button>
              ),
            )}
          </div>
        )
      )}
    </div>
  );
}
