import { useTranslation } from 'react-i18next';
import type { OrderStory } from '../api.ts';

type StoryEvent = OrderStory['story'][number];

const DOTS: Record<StoryEvent['kind'], string> = {
  created: 'bg-stone-400',
  paid: 'bg-green-600',
  issued: 'bg-green-600',
  refund: 'bg-amber-500',
  redemption: 'bg-sky-600',
  audit: 'bg-brand-700',
};

/** What happened to the order, oldest first: a line per event, with who did it when staff did. */
export function OrderTimeline({ story }: { story: OrderStory }) {
  const { t, i18n } = useTranslation('consoleOrders');
  const time = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const describe = (event: StoryEvent) => {
    if (event.kind === 'audit') {
      return t(`order.audit.${event.detail}`, { defaultValue: event.detail ?? '' });
    }
    const detail =
      event.kind === 'created'
        ? t(`payment.${event.detail}`, { defaultValue: event.detail ?? '' })
        : event.kind === 'refund'
          ? t(`order.refundState.${event.detail}`, { defaultValue: event.detail ?? '' }).toLowerCase()
          : (event.detail ?? '');
    return t(`order.events.${event.kind}`, { detail });
  };
  return (
    <div className="rounded-xl border border-stone-200 bg-white p-4 shadow-sm">
      <h2 className="mb-3 font-semibold text-lg">{t('order.story')}</h2>
      <ol className="relative space-y-3 border-stone-200 border-l pl-5">
        {story.story.map((event) => (
          <li key={`${event.at}-${event.kind}-${event.detail}-${event.staff_id}`} className="relative">
            <span
              aria-hidden
              className={`absolute top-1.5 -left-[1.6rem] size-2.5 rounded-full ring-4 ring-white ${DOTS[event.kind]}`}
            />
            <p className="text-stone-900">{describe(event)}</p>
            <p className="text-stone-600 text-xs">
              <time dateTime={event.at}>{time.format(new Date(event.at))}</time>
              {event.staff_name && ` · ${t('order.by', { name: event.staff_name })}`}
            </p>
          </li>
        ))}
      </ol>
    </div>
  );
}
