import type { SpeciesRating } from '@sentiero/contract/guides';
import {
  Ban,
  CircleAlert,
  CircleCheck,
  Fish,
  type LucideIcon,
  ShieldCheck,
  Skull,
  TriangleAlert,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** Each rating has its colour, its icon and its words: never the colour alone. */
export const RATING_STYLE: Record<SpeciesRating, { Icon: LucideIcon; badge: string; edge: string }> = {
  edible: {
    Icon: CircleCheck,
    badge: 'bg-green-100 text-green-900 ring-green-700/30',
    edge: 'border-green-600',
  },
  caution: {
    Icon: CircleAlert,
    badge: 'bg-yellow-100 text-yellow-900 ring-yellow-700/30',
    edge: 'border-yellow-500',
  },
  catchable: { Icon: Fish, badge: 'bg-sky-100 text-sky-900 ring-sky-700/30', edge: 'border-sky-600' },
  inedible: { Icon: Ban, badge: 'bg-stone-200 text-stone-800 ring-stone-600/30', edge: 'border-stone-500' },
  toxic: {
    Icon: TriangleAlert,
    badge: 'bg-orange-100 text-orange-900 ring-orange-700/30',
    edge: 'border-orange-600',
  },
  deadly: { Icon: Skull, badge: 'bg-red-700 text-white ring-red-900/40', edge: 'border-red-700' },
  protected: {
    Icon: ShieldCheck,
    badge: 'bg-violet-100 text-violet-900 ring-violet-700/30',
    edge: 'border-violet-600',
  },
};

export function RatingBadge({ rating }: { rating: SpeciesRating }) {
  const { t } = useTranslation('guides');
  const { Icon, badge } = RATING_STYLE[rating];
  return (
    <span
      className={`inline-flex shrink-0 items-center gap-1 rounded-full px-2 py-0.5 font-semibold text-xs ring-1 ring-inset ${badge}`}
    >
      <Icon aria-hidden className="size-3.5" />
      {t(`rating.${rating}`)}
    </span>
  );
}
