import { PAGES } from '@sentiero/contract/pages';
import type { TicketInfo } from '@sentiero/contract/tickets';
import { CalendarDays, Clock, Languages, MapPin, ShieldCheck, Ticket, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, type LoaderFunctionArgs, useParams } from 'react-router';
import {
  formatDayOfYear,
  formatLanguageName,
  formatLocalizedDate,
  formatRegionName,
  weekdayName,
} from '../../../lib/format.ts';
import { useCurrentLanguage } from '../../../lib/i18n.ts';
import { orNotFound, pageScope, requireIdParam } from '../../../lib/route-data.ts';
import { getTicketQueryOptions, useTicket } from '../../../queries/ticket.ts';
import { ActivityPicture } from '../../../ui/activity-picture.tsx';
import { PageHeading } from '../../../ui/page-heading.tsx';
import { lazyWhenSeen } from '../../../ui/when-seen.tsx';
import { ActivityIcon } from '../components/activity-icon.tsx';
import { BookingBox } from '../components/booking-box.tsx';
import { RulesDownloads } from '../components/rules-downloads.tsx';

// Below the booking box and the facts: taken over by the browser when they come near the screen.
const AvailabilityCalendar = lazyWhenSeen(
  async () => (await import('../components/availability-calendar.tsx')).AvailabilityCalendar,
);
const TicketPackages = lazyWhenSeen(
  async () => (await import('../components/ticket-packages.tsx')).TicketPackages,
);
const TicketReviews = lazyWhenSeen(
  async () => (await import('../components/ticket-reviews.tsx')).TicketReviews,
);

/** On the `/event/{eventId}` route itself, so every step finds the ticket loaded. */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const id = requireIdParam(params.eventId);
  const { queryClient, language } = pageScope(context);
  await orNotFound(queryClient.ensureQueryData(getTicketQueryOptions(language, id)));
  return { id };
}

function Fact({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    // A dt and its dd straight inside the group, as a description list requires; the icon sits in the dt.
    <div className="relative pl-8">
      <dt className="font-medium text-sm text-stone-600">
        <span aria-hidden className="absolute top-0.5 left-0 text-brand-700">
          {icon}
        </span>
        {label}
      </dt>
      <dd className="text-stone-900">{children}</dd>
    </div>
  );
}

function ValidityText({ ticket }: { ticket: TicketInfo }) {
  const { t } = useTranslation('catalogue');
  const language = useCurrentLanguage();
  const season = ticket.validity.season;
  const base = t(`duration.${ticket.duration_type}`);
  if (!season) return base;
  return t('ticket.seasonWindow', {
    duration: base,
    from: formatDayOfYear(season.start, language),
    to: formatDayOfYear(season.end, language),
  });
}

/** The area of an event, for what the app composes into its page (the weather). */
export type EventArea = { id: number; timeZone: string };

/**
 * `/event/{eventId}`: the information step, every "ticket info" field of SPEC section 3. The app
 * composes in the area's weather and the advertising slot below the booking box (never in the
 * purchase steps), and the Sentiero+ banner.
 */
export function EventInformation({
  banner,
  ad,
  weather,
}: {
  banner?: ReactNode;
  ad?: ReactNode;
  weather?: (area: EventArea) => ReactNode;
}) {
  const id = Number(useParams().eventId);
  const { t } = useTranslation('catalogue');
  const language = useCurrentLanguage();
  const ticket = useTicket(id).data?.ticket;
  if (!ticket) return null;
  const openEveryDay = ticket.open_days.length === 7;

  return (
    <div className="space-y-8">
      <div className="grid items-start gap-6 lg:grid-cols-3 lg:gap-8">
        <ActivityPicture
          activity={ticket.activity.slug}
          photo={ticket.photo}
          priority
          shape="header"
          className="rounded-card lg:order-last"
        />
        <div className="lg:col-span-2">
          <p className="mb-2 flex items-center gap-2 text-brand-800 text-sm">
            <ActivityIcon activity={ticket.activity.slug} className="size-4" />
            {ticket.activity.name} · {ticket.category.name}
          </p>
          <PageHeading lead={ticket.description}>{ticket.title}</PageHeading>
          <p className="-mt-3 text-sm">
            <Link to={PAGES.area.path({ eventsId: ticket.area.id })} className="text-brand-800 underline">
              {ticket.location.area}
            </Link>{' '}
            ·{' '}
            {[ticket.location.city, ticket.location.region, ticket.location.country]
              .filter(Boolean)
              .join(', ')}
          </p>
        </div>
      </div>

      {/* On a phone the price and the way on come before the facts; on a wide screen they head the side column. */}
      <div className="grid gap-8 lg:grid-cols-3">
        <div className="space-y-4 lg:col-start-3 lg:row-start-1">
          <BookingBox ticket={ticket} />
          {weather?.({ id: ticket.area.id, timeZone: ticket.location.time_zone })}
        </div>
        {/*
          The facts, then what buyers said, beside the booking box and calendar on a wide screen. On
          a phone the reviews come last, after the calendar: they load when scrolled near, and
          nothing below them moves when they do.
        */}
        <div className="contents lg:col-span-2 lg:col-start-1 lg:row-span-2 lg:row-start-1 lg:block lg:space-y-8">
          <dl className="grid content-start gap-5 sm:grid-cols-2">
            <Fact icon={<CalendarDays className="size-5" />} label={t('ticket.validity')}>
              <ValidityText ticket={ticket} />
            </Fact>
            {ticket.duration_hours !== null && (
              <Fact icon={<Clock className="size-5" />} label={t('ticket.duration')}>
                {t('ticket.hours', { count: ticket.duration_hours })}
              </Fact>
            )}
            <Fact icon={<Users className="size-5" />} label={t('ticket.minimumAge')}>
              {ticket.min_age > 0 ? t('ticket.years', { count: ticket.min_age }) : t('ticket.allAges')}
            </Fact>
            <Fact icon={<Languages className="size-5" />} label={t('ticket.languages')}>
              {ticket.languages
                .map((code) => formatLanguageName(code, language, (key) => t(key, { ns: 'common' })))
                .join(', ')}
            </Fact>
            {ticket.meeting_point && (
              <Fact icon={<MapPin className="size-5" />} label={t('ticket.meetingPoint')}>
                {ticket.meeting_point}
              </Fact>
            )}
            <Fact icon={<CalendarDays className="size-5" />} label={t('ticket.openDays')}>
              {openEveryDay
                ? t('ticket.everyDay')
                : ticket.open_days.map((day) => weekdayName(day, language, 'long')).join(', ')}
            </Fact>
            <Fact icon={<Ticket className="size-5" />} label={t('ticket.maximumUsage')}>
              {ticket.max_usage === null
                ? t('ticket.unlimitedUsage')
                : t('ticket.uses', { count: ticket.max_usage })}
            </Fact>
            {ticket.limits && (
              <Fact icon={<ShieldCheck className="size-5" />} label={t('area.limits')}>
                {ticket.limits}
              </Fact>
            )}
            {ticket.residents_only && (
              <Fact icon={<Users className="size-5" />} label={t('ticket.residentsOnly')}>
                {ticket.residents_only.map((code) => formatRegionName(code, language)).join(', ')}
              </Fact>
            )}
            {ticket.requires_fishing_card && (
              <Fact icon={<ShieldCheck className="size-5" />} label={t('ticket.fishingCard')}>
                {t('ticket.fishingCardText')}
              </Fact>
            )}
            {(ticket.sale_from || ticket.sale_until) && (
              <Fact icon={<CalendarDays className="size-5" />} label={t('ticket.salePeriod')}>
                {[ticket.sale_from, ticket.sale_until]
                  .map((date) => (date ? formatLocalizedDate(date, language) : '…'))
                  .join(' – ')}
              </Fact>
            )}
          </dl>
          <div className="order-last lg:order-none">
            <TicketReviews ticketId={ticket.id} />
          </div>
        </div>

        <aside className="space-y-4 lg:col-start-3 lg:row-start-2">
          <section
            aria-labelledby="ticket-calendar"
            className="rounded-card border border-stone-200 bg-white p-4"
          >
            <h2 id="ticket-calendar" className="mb-3 font-semibold">
              {t('calendar.title')}
            </h2>
            {/* The height of a four-week calendar, kept while the days load. */}
            <div className="min-h-60">
              <AvailabilityCalendar ticketId={ticket.id} />
            </div>
          </section>
          <TicketPackages ticketId={ticket.id} />
          <RulesDownloads
            areaRules={ticket.downloads.area_rules}
            ticketRules={ticket.downloads.ticket_rules}
            documents={{
              ticket: ticket.downloads.rules_document,
              area: ticket.downloads.area_rules_document,
            }}
          />
          {banner}
          {/* Last in its column, so that a member's page, whose ad goes once the app knows them, moves nothing. */}
          {ad}
        </aside>
      </div>
    </div>
  );
}
