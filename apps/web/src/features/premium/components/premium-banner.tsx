import { PAGES } from '@sentiero/contract/pages';
import {
  PREMIUM_MONTHLY_PRICE_CENTS,
  PREMIUM_TRIAL_DAYS,
  PREMIUM_YEARLY_PRICE_CENTS,
} from '@sentiero/contract/rules/premium-plans';
import { Crown } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAuthStore } from '../../../lib/auth-store.ts';
import { formatMoney } from '../../../lib/format.ts';
import { useCurrentLanguage } from '../../../lib/i18n.ts';
import { useSite } from '../../../lib/site.ts';
import { useHydrated } from '../../../ui/client-only.tsx';
import { usePlans } from '../api.ts';
import { findPlan } from '../membership.ts';

/**
 * The Sentiero+ upsell on the event information, the payment step and the growth table (SPEC
 * section 2), for people who are not members; it leads to `/plus`. The prices are the server's
 * plans, or the contract's defaults until they have loaded. The server renders it for everyone
 * (it cannot know the member); a member's browser takes it away once the page is theirs.
 */
export function PremiumBanner() {
  const { t } = useTranslation('premium');
  const language = useCurrentLanguage();
  const brand = useSite().data?.premium_brand ?? 'Sentiero+';
  const hydrated = useHydrated();
  const isPremium = useAuthStore((state) => state.user?.is_premium ?? false);
  const plans = usePlans().data?.plans;
  if (hydrated && isPremium) return null;
  const yearly = findPlan(plans, 'yearly');
  const monthly = findPlan(plans, 'monthly');
  const trialDays = yearly ? yearly.trial_days : PREMIUM_TRIAL_DAYS;
  const yearlyPrice = formatMoney(yearly?.price_cents ?? PREMIUM_YEARLY_PRICE_CENTS, language);
  const monthlyPrice = formatMoney(monthly?.price_cents ?? PREMIUM_MONTHLY_PRICE_CENTS, language);
  return (
    <aside aria-label={brand} className="rounded-xl bg-brand-900 p-4 text-brand-50">
      <p className="flex items-center gap-2 font-semibold">
        <Crown aria-hidden className="size-5 text-amber-300" />
        {brand}
      </p>
      <p className="mt-2 text-sm">{t('banner.benefits')}</p>
      <p className="mt-2 font-medium text-sm">
        {trialDays > 0
          ? t('banner.price', { count: trialDays, price: yearlyPrice, monthly: monthlyPrice })
          : t('banner.priceNoTrial', { price: yearlyPrice, monthly: monthlyPrice })}
      </p>
      <Link
        to={PAGES.plus.path()}
        className="mt-3 inline-flex items-center rounded-md bg-white px-3 py-2 font-semibold text-brand-900 text-sm hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-amber-300 focus-visible:outline-offset-2"
      >
        {t('banner.cta', { brand })}
      </Link>
    </aside>
  );
}
