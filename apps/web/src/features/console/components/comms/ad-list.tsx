import { LANGUAGES } from '@sentiero/contract/languages';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../ui/button.tsx';
import { type ConsoleAd, useSetAdActive } from '../../comms-api.ts';
import { FailureAlert } from '../console-card.tsx';
import { StateBadge } from './console-page.tsx';

/** The ads of a page, each with its picture as the slot shows it (80 px square). */
export function AdList({ ads, onEdit }: { ads: ConsoleAd[]; onEdit(ad: ConsoleAd): void }) {
  const { t } = useTranslation('consoleComms');
  return (
    <ul
      aria-label={t('ads.title')}
      className="divide-y divide-stone-200 rounded-xl border border-stone-200 bg-white shadow-sm"
    >
      {ads.map((ad) => (
        <AdRow key={ad.id} ad={ad} onEdit={() => onEdit(ad)} />
      ))}
    </ul>
  );
}

function AdRow({ ad, onEdit }: { ad: ConsoleAd; onEdit(): void }) {
  const { t, i18n } = useTranslation(['consoleComms', 'errors']);
  const setActive = useSetAdActive();
  const day = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  const language = (LANGUAGES as readonly string[]).includes(i18n.language) ? i18n.language : 'en';
  const texts = ad.texts[language as keyof typeof ad.texts] ?? ad.texts.en ?? Object.values(ad.texts)[0];
  const period =
    ad.active_from || ad.active_until
      ? `${ad.active_from ? day.format(new Date(ad.active_from)) : '…'} – ${
          ad.active_until ? day.format(new Date(ad.active_until)) : '…'
        }`
      : t('ads.always');
  return (
    <li className="flex flex-col gap-3 px-4 py-3 sm:flex-row sm:items-start">
      {ad.image ? (
        <img
          src={ad.image}
          alt=""
          width={80}
          height={80}
          className="size-20 shrink-0 rounded-lg object-cover"
        />
      ) : (
        <div className="flex size-20 shrink-0 items-center justify-center rounded-lg bg-stone-100 text-center text-stone-500 text-xs">
          {t('ads.noImage')}
        </div>
      )}
      <div className="min-w-0 flex-1 space-y-1">
        <p className="font-semibold text-stone-900">{texts?.title ?? ad.id}</p>
        <p className="text-sm text-stone-700">{texts?.text}</p>
        <p className="flex flex-wrap items-center gap-1 text-sm text-stone-600">
          <StateBadge tone={ad.active ? 'green' : 'stone'}>
            {t(`ads.states.${ad.active ? 'active' : 'inactive'}`)}
          </StateBadge>
          <StateBadge tone="blue">{t(`ads.kinds.${ad.kind}`)}</StateBadge>
          <span>{ad.placements.map((placement) => t(`ads.placements.${placement}`)).join(', ')}</span>
          <span>· {(ad.languages ?? LANGUAGES).map((code) => code.toUpperCase()).join(' ')}</span>
          <span>· {period}</span>
        </p>
        <p className="truncate text-sm text-stone-600">{ad.url}</p>
        <FailureAlert error={setActive.error} fallback={t('errors:INTERNAL')} />
      </div>
      <div className="flex gap-2 sm:flex-col lg:flex-row">
        <Button variant="secondary" className="px-3 py-1 text-sm" onClick={onEdit}>
          {t('ads.edit')}
        </Button>
        <Button
          variant="secondary"
          className="px-3 py-1 text-sm"
          busy={setActive.isPending}
          onClick={() => setActive.mutate({ id: ad.id, active: !ad.active })}
        >
          {ad.active ? t('ads.switchOff') : t('ads.switchOn')}
        </Button>
      </div>
    </li>
  );
}
