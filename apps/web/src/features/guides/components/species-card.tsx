import type { GuideSpecies } from '@sentiero/contract/guides';
import { LANGUAGES } from '@sentiero/contract/languages';
import { useTranslation } from 'react-i18next';
import { formatLanguageName } from '../../../lib/format.ts';
import { useCurrentLanguage } from '../../../lib/i18n.ts';
import { RATING_STYLE, RatingBadge } from './rating-badge.tsx';

/** A species of a guide: its names, what it looks like, and what it can be taken for. */
export function SpeciesCard({ species }: { species: GuideSpecies }) {
  const { t } = useTranslation('guides');
  const language = useCurrentLanguage();
  const titleId = `species-${species.id}`;
  const others = LANGUAGES.filter((code) => code !== language);
  return (
    <article
      aria-labelledby={titleId}
      className={`rounded-xl border border-stone-200 border-l-4 bg-white p-4 shadow-sm sm:p-5 ${RATING_STYLE[species.rating].edge}`}
    >
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h3 id={titleId} className="font-semibold text-lg text-stone-900">
            {species.name}
          </h3>
          <p className="text-stone-600 italic">{species.latin}</p>
        </div>
        <RatingBadge rating={species.rating} />
      </header>
      <p className="mt-3 text-stone-800 leading-relaxed">{species.description}</p>
      <dl className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm text-stone-600">
        <dt className="sr-only">{t('species.names')}</dt>
        {others.map((code) => (
          <dd key={code} lang={code}>
            <abbr
              title={formatLanguageName(code, language, (key) => t(key, { ns: 'common' }))}
              className="font-medium text-stone-500 no-underline"
            >
              {code.toUpperCase()}
            </abbr>{' '}
            {species.names[code]}
          </dd>
        ))}
      </dl>
      {species.look_alikes.length > 0 && (
        <section aria-label={t('species.lookAlikes')} className="mt-4">
          <h4 className="font-semibold text-sm text-stone-900">{t('species.lookAlikes')}</h4>
          <ul className="mt-2 space-y-2">
            {species.look_alikes.map((lookAlike) => (
              <li
                key={lookAlike.latin}
                className={`rounded-lg border-l-4 bg-stone-50 p-3 ${RATING_STYLE[lookAlike.rating].edge}`}
              >
                <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
                  <span className="font-semibold text-stone-900">{lookAlike.name}</span>
                  <span className="text-sm text-stone-600 italic">{lookAlike.latin}</span>
                  <RatingBadge rating={lookAlike.rating} />
                </p>
                <p className="mt-1 text-sm text-stone-700">{lookAlike.how_to_tell}</p>
              </li>
            ))}
          </ul>
        </section>
      )}
    </article>
  );
}
