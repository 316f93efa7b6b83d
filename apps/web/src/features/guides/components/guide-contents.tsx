import type { Guide } from '@sentiero/contract/guides';
import { Lock } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The table of contents: every part of the guide, the ones outside the sample marked as Sentiero+'s. */
export function GuideContents({
  toc,
  headingId,
  footer,
}: {
  toc: Guide['toc'];
  headingId: string;
  footer?: ReactNode;
}) {
  const { t } = useTranslation('guides');
  return (
    <nav aria-labelledby={headingId} className="rounded-xl border border-stone-200 bg-white p-4 text-sm">
      <h2 id={headingId} className="font-semibold text-stone-900">
        {t('guide.toc')}
      </h2>
      <ol className="mt-2 space-y-1.5">
        {toc.map((entry) =>
          entry.locked ? (
            <li key={entry.id} className="flex items-start gap-1.5 text-stone-500">
              <Lock aria-hidden className="mt-0.5 size-3.5 shrink-0" />
              <span>
                {entry.title}
                <span className="sr-only"> ({t('guide.lockedEntry')})</span>
              </span>
            </li>
          ) : (
            <li key={entry.id}>
              <a href={`#${entry.id}`} className="text-brand-800 hover:underline">
                {entry.title}
              </a>
            </li>
          ),
        )}
      </ol>
      {footer}
    </nav>
  );
}
