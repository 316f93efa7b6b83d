import type { ConsoleIssue } from '@sentiero/contract/console-newsletter';
import { LANGUAGES } from '@sentiero/contract/languages';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { StateBadge } from './console-page.tsx';

const STATE_TONES = {
  draft: 'stone',
  scheduled: 'blue',
  sending: 'amber',
  sent: 'green',
  canceled: 'red',
} as const;

export function IssueStateBadge({ state }: { state: ConsoleIssue['state'] }) {
  const { t } = useTranslation('consoleComms');
  return <StateBadge tone={STATE_TONES[state]}>{t(`newsletter.states.${state}`)}</StateBadge>;
}

/** The languages an issue lacks, flagged; "all five" when none is missing. */
export function MissingLanguages({ missing }: { missing: readonly string[] }) {
  const { t } = useTranslation('consoleComms');
  if (missing.length === 0) return <p className="text-sm text-brand-800">{t('newsletter.allLanguages')}</p>;
  return (
    <p className="text-sm text-amber-900">
      {t('newsletter.missing')}{' '}
      {LANGUAGES.filter((language) => missing.includes(language)).map((language) => (
        <Fragment key={language}>
          <span className="inline-block rounded bg-amber-100 px-1.5 font-semibold uppercase">
            {language}
          </span>{' '}
        </Fragment>
      ))}
    </p>
  );
}
