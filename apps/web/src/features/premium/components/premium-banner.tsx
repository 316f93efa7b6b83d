import { PREMIUM_TRIAL_DAYS, PREMIUM_YEARLY_PRICE_CENTS } from '@sentiero/contract/premium';
import { Crown } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../lib/format.ts';
import { useCurrentLanguage } from '../../../lib/i18n.ts';

/** The Sentiero+ upsell shown on the event information and payment steps (SPEC section 2). */
export function PremiumBanner({ brand = 'Sentiero+' }: { brand?: string }) {
  const { t } = useTranslation('premium');
  const language = useCurrentLanguage();
  return (
    <aside aria-label={brand} className="rounded-xl bg-brand-900 p-4 text-brand-50">
      <p className="flex items-center gap-2 font-semibold">
        <Crown aria-hidden className="size-5 text-amber-300" />
        {brand}
      </p>
      <p className="mt-2 text-sm">{t('banner.benefits')}</p>
      <p className="mt-2 font-medium text-sm">
        {t('banner.price', {
          days: PREMIUM_TRIAL_DAYS,
          price: formatMoney(PREMIUM_YEARLY_PRICE_CENTS, language),
        })}
      </p>
    </aside>
  );
}
