import type { AreaCard as AreaCardData } from '@sentiero/contract/areas';
import { PAGES } from '@sentiero/contract/pages';
import { MapPin } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatMoney } from '../../../lib/format.ts';
import { useCurrentLanguage } from '../../../lib/i18n.ts';
import { PlacePicture } from '../../../ui/activity-picture.tsx';

export function AreaCard({ area, priority = false }: { area: AreaCardData; priority?: boolean }) {
  const { t } = useTranslation('catalogue');
  const language = useCurrentLanguage();
  return (
    <article className="relative flex h-full flex-col overflow-hidden rounded-xl border border-stone-200 bg-white shadow-sm transition hover:shadow-md">
      <PlacePicture placeId={area.id} photo={area.photo} priority={priority} shape="band" />
      <div className="flex flex-1 flex-col p-4">
        <p className="flex items-center gap-1.5 text-sm text-stone-600">
          <MapPin aria-hidden className="size-4" />
          {area.region.name}
        </p>
        <h3 className="mt-1 font-semibold text-lg">
          <Link
            to={PAGES.area.path({ eventsId: area.id })}
            className="after:absolute after:inset-0 hover:underline"
          >
            {area.name}
          </Link>
        </h3>
        <p className="mt-1 text-sm text-stone-700">{area.summary}</p>
        <p className="mt-auto pt-3 text-sm">
          {area.available ? (
            area.min_price_cents !== null &&
            t('area.fromPrice', {
              price: formatMoney(area.min_price_cents, language),
              count: area.ticket_count,
            })
          ) : (
            <span className="text-amber-800">{t('area.notAvailable')}</span>
          )}
        </p>
      </div>
    </article>
  );
}
