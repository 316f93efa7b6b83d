import { LANGUAGES, type Language, type LocalizedText } from '@sentiero/contract/languages';
import type { TicketTextField } from '@sentiero/contract/rules/ticket-publishing';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField, inputClass } from '../../../../ui/form-field.tsx';

/** A text field of the tabs: a line (`rows` 0) or a box of that many rows. */
export type TextField<Field extends string> = { field: Field; rows: number };

const TICKET_FIELDS: TextField<TicketTextField>[] = [
  { field: 'title', rows: 0 },
  { field: 'description', rows: 6 },
  { field: 'rules', rows: 4 },
  { field: 'meeting_point', rows: 2 },
];

/**
 * A ticket's (or an area's) texts, one tab per language; a tab with a text missing says so (its
 * mark and its name read aloud), and within it each empty text is flagged beside its field.
 */
export function TextTabs<Field extends string = TicketTextField>({
  texts,
  missing,
  errors,
  onChange,
  fields = TICKET_FIELDS as TextField<Field>[],
}: {
  texts: Record<Field, LocalizedText>;
  missing: Partial<Record<Language, Field[]>>;
  errors: Record<string, string>;
  onChange: (field: Field, language: Language, value: string) => void;
  fields?: TextField<Field>[];
}) {
  const { t } = useTranslation('consoleCatalogue');
  const [current, setCurrent] = useState<Language>('it');
  const id = useId();
  const missingHere = missing[current] ?? [];
  return (
    <div>
      <div
        role="tablist"
        aria-label={t('texts.languages')}
        className="flex flex-wrap gap-1 border-stone-200 border-b"
      >
        {LANGUAGES.map((language) => {
          const incomplete = (missing[language] ?? []).length > 0;
          return (
            <button
              key={language}
              type="button"
              role="tab"
              id={`${id}-tab-${language}`}
              aria-selected={current === language}
              aria-controls={`${id}-panel`}
              onClick={() => setCurrent(language)}
              className={`-mb-px flex items-center gap-1.5 rounded-t-md border px-3 py-2 font-medium text-sm ${
                current === language
                  ? 'border-stone-200 border-b-white bg-white text-stone-900'
                  : 'border-transparent text-stone-600 hover:text-stone-900'
              }`}
            >
              {t(`languages.${language}`)}
              {incomplete && (
                <span className="rounded bg-amber-100 px-1.5 py-0.5 text-amber-900 text-xs">
                  {t('texts.missingFlag')}
                </span>
              )}
            </button>
          );
        })}
      </div>
      <div
        role="tabpanel"
        id={`${id}-panel`}
        aria-labelledby={`${id}-tab-${current}`}
        className="space-y-4 pt-4"
      >
        {missingHere.length > 0 && (
          <p className="text-amber-900 text-sm">
            {t('texts.missingList', {
              language: t(`languages.${current}`),
              fields: missingHere.map((field) => t(`texts.${field}`)).join(', '),
            })}
          </p>
        )}
        {fields.map(({ field, rows }) => (
          <FormField
            key={`${field}-${current}`}
            label={`${t(`texts.${field}`)} (${current.toUpperCase()})`}
            error={errors[`${field}.${current}`]}
            hint={missingHere.includes(field) ? t('texts.missingField') : undefined}
          >
            {(control) =>
              rows === 0 ? (
                <input
                  {...control}
                  className={inputClass}
                  value={texts[field][current]}
                  onChange={(event) => onChange(field, current, event.target.value)}
                />
              ) : (
                <textarea
                  {...control}
                  rows={rows}
                  className={inputClass}
                  value={texts[field][current]}
                  onChange={(event) => onChange(field, current, event.target.value)}
                />
              )
            }
          </FormField>
        ))}
      </div>
    </div>
  );
}
