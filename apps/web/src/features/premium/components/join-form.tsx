import { PAGES } from '@sentiero/contract/pages';
import type { Plan, Subscription, SubscriptionType } from '@sentiero/contract/premium';
import type { PaymentMethods } from '@sentiero/contract/system';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatMoney } from '../../../lib/format.ts';
import { useCurrentLanguage } from '../../../lib/i18n.ts';
import { MEMBER_QUERY_KEY } from '../../../queries/member.ts';
import { checkboxClass } from '../../../ui/form-field.tsx';
import { membershipQueryKey, useBuyMembership } from '../api.ts';
import {
  classifyMembershipFailure,
  findPlan,
  formatMembershipDate,
  type MembershipFailure,
  yearlySavingPercent,
} from '../membership.ts';
import { MembershipFailureMessage } from './membership-failure.tsx';
import { MembershipPaymentForm } from './membership-payment-form.tsx';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A plan's price as a consumer reads it: "24,90 €/anno". */
export function usePlanPrice() {
  const { t } = useTranslation('premium');
  const language = useCurrentLanguage();
  return (plan: Pick<Plan, 'price_cents' | 'subscription_type'>) =>
    t(`plan.pricePer.${plan.subscription_type}`, { price: formatMoney(plan.price_cents, language) });
}

/**
 * A signed-in member without a running membership chooses the plan and the way of paying and
 * starts Sentiero+: the free trial when they have not had one, otherwise the first period.
 */
export function JoinForm({
  plans,
  initialPlan,
  methods,
}: {
  plans: Plan[];
  initialPlan: SubscriptionType;
  methods: PaymentMethods;
}) {
  const { t } = useTranslation('premium');
  const language = useCurrentLanguage();
  const navigate = useNavigate();
  const client = useQueryClient();
  const pricePer = usePlanPrice();
  const [type, setType] = useState<SubscriptionType>(
    findPlan(plans, initialPlan) ? initialPlan : (plans[0]?.subscription_type ?? 'yearly'),
  );
  const [failure, setFailure] = useState<MembershipFailure | null>(null);
  const [leaving, setLeaving] = useState(false);
  // One key per attempt: a retry after a lost answer never starts a second membership.
  const attemptKey = useRef<string | null>(null);
  const waitingForCard = useRef<Subscription | null>(null);
  const saving = yearlySavingPercent(plans);
  const plan = findPlan(plans, type);

  const buy = useBuyMembership({
    onSuccess: ({ subscription }) => {
      attemptKey.current = null;
      waitingForCard.current = null;
      if (subscription.redirect_url) {
        // PayPal brings the member back to the confirmation page once the subscription is approved.
        setLeaving(true);
        window.location.assign(subscription.redirect_url);
        return;
      }
      navigate(PAGES.plusConfirmation.path());
    },
    onError: (error) => {
      const found = classifyMembershipFailure(error);
      setFailure(found);
      // Stripe did not take the card, or no answer came: the same attempt goes on.
      if (found.kind === 'card' && found.problem === 'incomplete') return;
      if (found.kind === 'unexpected' || found.kind === 'login') return;
      attemptKey.current = null;
      waitingForCard.current = null;
      if (found.kind === 'refused') {
        // A membership started elsewhere, or the trial already used: the page shows what is true now.
        void client.invalidateQueries({ queryKey: membershipQueryKey });
        void client.invalidateQueries({ queryKey: [...MEMBER_QUERY_KEY, 'premium', 'plans'] });
      }
    },
  });

  if (!plan) return null;
  const trialEnd = formatMembershipDate(
    new Date(Date.now() + plan.trial_days * DAY_MS).toISOString().slice(0, 10),
    language,
  );
  const price = pricePer(plan);

  return (
    <MembershipPaymentForm
      methods={methods}
      busy={buy.isPending || leaving}
      failure={failure && <MembershipFailureMessage failure={failure} />}
      submitLabel={(choice) =>
        choice === 'paypal'
          ? t('join.toPaypal')
          : plan.trial_days > 0
            ? t('join.startTrial', { count: plan.trial_days })
            : t('join.pay', { price: formatMoney(plan.price_cents, language) })
      }
      footer={
        <p className="text-sm text-stone-600">
          {plan.trial_days > 0
            ? t('join.renewalAfterTrial', { date: trialEnd, price })
            : t('join.renewal', { price })}
        </p>
      }
      onPay={(payment, confirmCard) => {
        setFailure(null);
        attemptKey.current ??= crypto.randomUUID();
        buy.mutate({
          purchase: { subscription_type: type, idempotency_key: attemptKey.current, ...payment },
          reusable: payment.payment_method === 'card' ? waitingForCard.current : null,
          confirmCard: (subscription, secret) => {
            waitingForCard.current = subscription;
            return confirmCard(subscription, secret);
          },
        });
      }}
    >
      <fieldset className="space-y-3">
        <legend className="mb-2 font-semibold text-stone-900">{t('join.choosePlan')}</legend>
        {plans.map((option) => (
          <label
            key={option.subscription_type}
            className="flex cursor-pointer items-start gap-3 rounded-lg border border-stone-200 p-3 has-checked:border-brand-600 has-checked:bg-brand-50 has-focus-visible:outline-2 has-focus-visible:outline-brand-700"
          >
            <input
              type="radio"
              name="plan"
              value={option.subscription_type}
              checked={type === option.subscription_type}
              onChange={() => {
                setType(option.subscription_type);
                // Another plan is another purchase.
                attemptKey.current = null;
                waitingForCard.current = null;
              }}
              className={checkboxClass}
            />
            <span className="flex-1">
              <span className="flex flex-wrap items-baseline justify-between gap-x-3">
                <span className="font-medium text-stone-900">
                  {t(`plan.name.${option.subscription_type}`)}
                </span>
                <span className="font-semibold text-stone-900">{pricePer(option)}</span>
              </span>
              <span className="block text-sm text-stone-600">
                {option.trial_days > 0
                  ? t('plan.trialThen', { count: option.trial_days, price: pricePer(option) })
                  : t('plan.noTrial')}
                {option.subscription_type === 'yearly' && saving
                  ? ` · ${t('plan.saving', { percent: saving })}`
                  : ''}
              </span>
              <span className="block text-stone-500 text-xs">{t('plan.vat')}</span>
            </span>
          </label>
        ))}
      </fieldset>
    </MembershipPaymentForm>
  );
}
