import {
  type ConsoleIssue,
  ISSUE_BODY_MAX_LENGTH,
  ISSUE_SUBJECT_MAX_LENGTH,
} from '@sentiero/contract/console-newsletter';
import { LANGUAGES, type Language } from '@sentiero/contract/languages';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiRequestError } from '../../../../lib/api-error.ts';
import { Alert } from '../../../../ui/alert.tsx';
import { Button } from '../../../../ui/button.tsx';
import { FormField, inputClass, TextField } from '../../../../ui/form-field.tsx';
import { useUpdateIssue } from '../../comms-api.ts';
import { FailureAlert } from '../console-card.tsx';

type Texts = Partial<Record<Language, string>>;

const written = (subject: Texts, body: Texts, language: Language) =>
  Boolean(subject[language]?.trim() && body[language]?.trim());

/**
 * The issue's subject and body, one language at a time (a tab each, the missing ones marked).
 * Saving sends every language: one left empty is removed, and flagged as missing again.
 */
export function IssueEditor({ issue }: { issue: ConsoleIssue }) {
  const { t, i18n } = useTranslation(['consoleComms', 'errors']);
  const update = useUpdateIssue();
  const [language, setLanguage] = useState<Language>('it');
  const [subject, setSubject] = useState<Texts>(issue.subject);
  const [body, setBody] = useState<Texts>(issue.body);
  const [saved, setSaved] = useState(false);
  const languageNames = new Intl.DisplayNames([i18n.language], { type: 'language' });
  const fields = update.error instanceof ApiRequestError ? update.error.fields : {};

  function submit(event: FormEvent) {
    event.preventDefault();
    setSaved(false);
    const every = (texts: Texts) => Object.fromEntries(LANGUAGES.map((code) => [code, texts[code] ?? '']));
    update.mutate(
      { id: issue.id, subject: every(subject), body: every(body) },
      { onSuccess: () => setSaved(true) },
    );
  }

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-labelledby="issue-editor-title"
      className="space-y-4 rounded-xl border border-stone-200 bg-white p-5 shadow-sm"
    >
      <h2 id="issue-editor-title" className="font-semibold text-lg">
        {t('issue.compose')}
      </h2>
      <div role="tablist" aria-label={t('issue.languages')} className="flex flex-wrap gap-2">
        {LANGUAGES.map((code) => {
          const complete = written(subject, body, code);
          return (
            <button
              key={code}
              type="button"
              role="tab"
              aria-selected={language === code}
              onClick={() => setLanguage(code)}
              className={`rounded-md border px-3 py-1.5 text-sm ${
                language === code
                  ? 'border-brand-700 bg-brand-700 text-white'
                  : 'border-stone-300 bg-white text-stone-800'
              }`}
            >
              {languageNames.of(code)}
              {!complete && ' '}
              {!complete && (
                <span className={language === code ? 'text-amber-100' : 'text-amber-800'}>
                  · {t('issue.missingMark')}
                </span>
              )}
            </button>
          );
        })}
      </div>
      <div role="tabpanel" className="space-y-4">
        <TextField
          label={t('issue.subject', { language: languageNames.of(language) })}
          value={subject[language] ?? ''}
          maxLength={ISSUE_SUBJECT_MAX_LENGTH}
          error={fields[`subject.${language}`]}
          onChange={(event) => {
            setSaved(false);
            setSubject({ ...subject, [language]: event.target.value });
          }}
        />
        <FormField
          label={t('issue.body', { language: languageNames.of(language) })}
          hint={t('issue.bodyHint')}
          error={fields[`body.${language}`]}
        >
          {(control) => (
            <textarea
              {...control}
              rows={12}
              maxLength={ISSUE_BODY_MAX_LENGTH}
              className={`${inputClass} font-mono text-sm`}
              value={body[language] ?? ''}
              onChange={(event) => {
                setSaved(false);
                setBody({ ...body, [language]: event.target.value });
              }}
            />
          )}
        </FormField>
      </div>
      <FailureAlert error={update.error} fallback={t('errors:INTERNAL')} />
      {saved && <Alert tone="success">{t('issue.saved')}</Alert>}
      <Button type="submit" busy={update.isPending} busyLabel={t('issue.saving')}>
        {t('issue.save')}
      </Button>
    </form>
  );
}
