import type { TicketInfo } from '@sentiero/contract/tickets';
import { CalendarDays, Clock, Languages, MapPin, ShieldCheck, Ticket, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, type LoaderFunctionArgs, useParams } from 'react-router';
import { formatLanguageName, formatLocalizedDate, weekdayName } from '../../../lib/format.ts';
import { currentLanguage, useCurrentLanguage } from '../../../lib/i18n.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { orNotFound, requireIdParam } from '../../../lib/route-data.ts';
import { getTicketQueryOptions, useTicket } from '../../../queries/ticket.ts';
import { PageHeading } from '../../../ui/page-heading.tsx';
import { ActivityIcon } from '../components/activity-icon.tsx';
import { AvailabilityCalendar } from '../components/availability-calendar.tsx';
import { Price } from '../components/price.tsx';
import { RulesDownloads } from '../components/rules-downloads.tsx';
import { TicketPackages } from '../components/ticket-packages.tsx';

/** On the `/event/{eventId}` route itself, so every step finds the ticket loaded. */
export async function loader({ params }: LoaderFunctionArgs) {
  const id = requireIdParam(params.eventId);
  await orNotFound(queryClient.ensureQueryData(getTicketQueryOptions(currentLanguage(), id)));
  return { id };
}

function Fact({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    // A <dl> holds <dt>/<dd> pairs, each pair at most in one <div>: the icon goes inside the term.
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
  const monthDay = (value: string) =>
    new Intl.DateTimeFormat(language, { day: 'numeric', month: 'long', timeZone: 'UTC' }).format(
      new Date(`2024-${value}T00:00:00Z`),
    );
  return t('ticket.seasonWindow', { duration: base, from: monthDay(season.start), to: monthDay(season.end) });
}

/** `/event/{eventId}`: the information step, every "ticket info" field of SPEC section 3. */
export function EventInformation({ banner }: { banner?: ReactNode }) {
  const id = Number(useParams().eventId);
  const { t } = useTranslation('catalogue');
  const language = useCurrentLanguage();
  const ticket = useTicket(id).data?.ticket;
  if (!ticket) return null;
  const openEveryDay = ticket.open_days.length === 7;

  return (
    <div className="space-y-8">
      <div>
        <p className="mb-2 flex items-center gap-2 text-brand-800 text-sm">
          <ActivityIcon activity={ticket.activity.slug} className="size-4" />
          {ticket.activity.name} · {ticket.category.name}
        </p>
        <PageHeading lead={ticket.description}>{ticket.title}</PageHeading>
        <p className="-mt-3 text-sm">
          <Link to={`/events/${ticket.area.id}`} className="text-brand-800 underline">
            {ticket.location.area}
          </Link>{' '}
          ·{' '}
          {[ticket.location.city, ticket.location.region, ticket.location.country].filter(Boolean).join(', ')}
        </p>
      </div>

      <div className="grid gap-8 lg:grid-cols-3">
        <dl className="grid gap-5 sm:grid-cols-2 lg:col-span-2">
          <Fact icon={<Ticket className="size-5" />} label={t('ticket.price')}>
            <Price cents={ticket.price_cents} discountedCents={ticket.discounted_price_cents} />
          </Fact>
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
            {ticket.languages.map((code) => formatLanguageName(code, language)).join(', ')}
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
          {ticket.services.length > 0 && (
            <Fact icon={<ShieldCheck className="size-5" />} label={t('ticket.services')}>
              {ticket.services.map((service) => service.name).join(', ')}
            </Fact>
          )}
          <Fact icon={<ShieldCheck className="size-5" />} label={t('ticket.cancellation')}>
            {ticket.cancellation_policy}
          </Fact>
          {ticket.limits && (
            <Fact icon={<ShieldCheck className="size-5" />} label={t('area.limits')}>
              {ticket.limits}
            </Fact>
          )}
          {ticket.residents_only && (
            <Fact icon={<Users className="size-5" />} label={t('ticket.residentsOnly')}>
              {ticket.residents_only
                .map((code) => new Intl.DisplayNames([language], { type: 'region' }).of(code))
                .join(', ')}
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

        <aside className="space-y-4">
          <section
            aria-labelledby="ticket-calendar"
            className="rounded-xl border border-stone-200 bg-white p-4"
          >
            <h2 id="ticket-calendar" className="mb-3 font-semibold">
              {t('calendar.title')}
            </h2>
            <AvailabilityCalendar ticketId={ticket.id} />
          </section>
          {ticket.on_sale ? (
            <Link
              to="guests"
              className="block rounded-lg bg-brand-700 px-4 py-3 text-center font-semibold text-white hover:bg-brand-800"
            >
              {t('ticket.choose')}
            </Link>
          ) : (
            <p role="status" className="rounded-lg bg-amber-50 p-3 text-amber-900 text-sm">
              {t('ticket.unavailable')}
            </p>
          )}
          <TicketPackages ticketId={ticket.id} />
          <RulesDownloads
            areaRules={ticket.downloads.area_rules}
            ticketRules={ticket.downloads.ticket_rules}
          />
          {banner}
        </aside>
      </div>
    </div>
  );
}
