import { PAGES } from '@sentiero/contract/pages';
import { Crown } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAuthStore } from '../../../lib/auth-store.ts';
import { formatMoney } from '../../../lib/format.ts';
import { useCurrentLanguage } from '../../../lib/i18n.ts';

/**
 * What a Sentiero+ member pays for a package (one of the membership's exclusive discounts), shown
 * to everyone: members see what they will be charged, others where the saving comes from.
 */
export function MemberPrice({ cents, usualCents }: { cents: number | null; usualCents: number }) {
  const { t } = useTranslation('catalogue');
  const language = useCurrentLanguage();
  const isPremium = useAuthStore((state) => state.isLoggedIn && (state.user?.is_premium ?? false));
  if (cents === null || cents >= usualCents) return null;
  // A member is charged this price already (the server applies it): theirs, not an offer.
  if (isPremium) {
    return (
      <span className="inline-flex items-center gap-1 font-medium text-amber-900 text-xs">
        <Crown aria-hidden className="size-3.5 text-amber-500" />
        {t('memberPriceYours', { price: formatMoney(cents, language) })}
      </span>
    );
  }
  return (
    <Link
      to={PAGES.plus.path()}
      className="inline-flex items-center gap-1 text-amber-900 text-xs underline decoration-amber-400"
    >
      <Crown aria-hidden className="size-3.5 text-amber-500" />
      {t('memberPrice', { price: formatMoney(cents, language) })}
    </Link>
  );
}
