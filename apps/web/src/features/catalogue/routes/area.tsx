import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { orNotFound, pageScope, requireIdParam } from '../../../lib/route-data.ts';
import { ActivityPicture, PlacePicture } from '../../../ui/activity-picture.tsx';
import { PageHeading } from '../../../ui/page-heading.tsx';
import { usePageParam } from '../../../ui/pager.tsx';
import { getAreaQueryOptions, useArea, useAreaTickets } from '../api.ts';
import { ActivationForm } from '../components/activation-form.tsx';
import { ActivityIcon } from '../components/activity-icon.tsx';
import { RulesDownloads } from '../components/rules-downloads.tsx';
import { TicketList } from '../components/ticket-list.tsx';

/** `/events/{eventsId}`: loads the area first, then lists its events (tickets). */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const id = requireIdParam(params.eventsId);
  const { queryClient, language } = pageScope(context);
  await orNotFound(queryClient.ensureQueryData(getAreaQueryOptions(language, id)));
  return { id };
}

/**
 * `follow`: a Sentiero+ member's button to follow the area's alerts, composed in by the app (it is
 * where an alert's notification opens).
 */
export function Component({ follow }: { follow?: (area: { id: number; name: string }) => ReactNode }) {
  const { id } = useLoaderData<typeof loader>();
  const { t } = useTranslation('catalogue');
  const area = useArea(id).data?.area;
  const tickets = useAreaTickets(id, usePageParam());
  if (!area) return null;
  return (
    <div className="space-y-8">
      <div className="grid items-start gap-6 lg:grid-cols-3 lg:gap-8">
        {area.photo ? (
          <PlacePicture
            placeId={area.id}
            photo={area.photo}
            priority
            shape="header"
            className="rounded-card lg:order-last"
          />
        ) : (
          area.photos.length === 0 &&
          (area.activities[0] ? (
            <ActivityPicture
              activity={area.activities[0].slug}
              priority
              shape="header"
              className="rounded-card lg:order-last"
            />
          ) : (
            <PlacePicture placeId={area.id} priority shape="header" className="rounded-card lg:order-last" />
          ))
        )}
        <div className="lg:col-span-2">
          <PageHeading lead={area.summary}>{area.name}</PageHeading>
          <p className="-mt-4 text-sm text-stone-600">
            {[area.city?.name, area.region.name].filter(Boolean).join(' · ')}
          </p>
          {follow?.({ id: area.id, name: area.name })}
        </div>
      </div>
      {area.photos.length > 0 && (
        <ul aria-label={t('area.photos')} className="flex snap-x gap-3 overflow-x-auto pb-2">
          {area.photos.map((photo) => (
            <li key={photo.url} className="shrink-0 snap-start">
              <figure>
                <img
                  src={photo.url}
                  alt={photo.alt}
                  width={photo.width}
                  height={photo.height}
                  loading="lazy"
                  decoding="async"
                  className="h-56 w-auto rounded-xl bg-stone-200 object-cover"
                />
                <figcaption className="mt-1 text-stone-500 text-xs">© {photo.credit}</figcaption>
              </figure>
            </li>
          ))}
        </ul>
      )}
      {!area.available && <ActivationForm areaId={area.id} />}
      <section className="grid gap-6 md:grid-cols-3">
        <div className="space-y-3 md:col-span-2">
          {area.description.split(/\n\s*\n/).map((paragraph) => (
            <p key={paragraph.slice(0, 40)} className="text-stone-800 leading-relaxed">
              {paragraph}
            </p>
          ))}
        </div>
        <aside className="space-y-4 rounded-xl border border-stone-200 bg-white p-4 text-sm">
          {area.activities.length > 0 && (
            <div>
              <h2 className="font-semibold">{t('area.activities')}</h2>
              <ul className="mt-2 space-y-1">
                {area.activities.map((activity) => (
                  <li key={activity.slug} className="flex items-center gap-2">
                    <ActivityIcon activity={activity.slug} className="size-4 text-brand-700" />
                    {activity.name}
                  </li>
                ))}
              </ul>
            </div>
          )}
          {area.limits && (
            <div>
              <h2 className="font-semibold">{t('area.limits')}</h2>
              <p className="mt-1">{area.limits}</p>
            </div>
          )}
          <RulesDownloads areaRules={area.downloads.area_rules} />
        </aside>
      </section>
      <section aria-labelledby="area-tickets">
        <h2 id="area-tickets" className="mb-3 font-semibold text-xl">
          {t('area.tickets')}
        </h2>
        <TicketList query={tickets} />
      </section>
    </div>
  );
}
