import { formatMoney } from '../../../lib/format.ts';
import { useCurrentLanguage } from '../../../lib/i18n.ts';

/** The price a buyer pays, with the full price struck through when it is discounted. */
export function Price({ cents, discountedCents }: { cents: number; discountedCents: number | null }) {
  const language = useCurrentLanguage();
  if (discountedCents === null) return <span className="font-semibold">{formatMoney(cents, language)}</span>;
  return (
    <span className="inline-flex items-baseline gap-2">
      <span className="font-semibold text-red-700">{formatMoney(discountedCents, language)}</span>
      <s className="text-sm text-stone-500">{formatMoney(cents, language)}</s>
    </span>
  );
}
