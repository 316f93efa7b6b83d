import type { GrowthLevel } from '@sentiero/contract/growth';
import { useTranslation } from 'react-i18next';

/** One colour per level, from bare stone to deep green: the same in the table, the bars and the legend. */
const LEVEL_STYLE: Record<GrowthLevel, string> = {
  poor: 'bg-stone-200 text-stone-800',
  insufficient: 'bg-amber-100 text-amber-900',
  scarce: 'bg-yellow-100 text-yellow-900',
  good: 'bg-lime-100 text-lime-900',
  abundant: 'bg-green-200 text-green-900',
  miraculous: 'bg-emerald-700 text-white',
};

export function LevelBadge({ level }: { level: GrowthLevel }) {
  const { t } = useTranslation('growth');
  return (
    <span className={`whitespace-nowrap rounded-full px-2 py-0.5 text-xs ${LEVEL_STYLE[level]}`}>
      {t(`level.${level}`)}
    </span>
  );
}
