import type { ConsoleIssue } from '@sentiero/contract/console-newsletter';
import { LANGUAGES, type Language } from '@sentiero/contract/languages';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiRequestError } from '../../../../lib/api-error.ts';
import { Alert } from '../../../../ui/alert.tsx';
import { Button } from '../../../../ui/button.tsx';
import { inputClass } from '../../../../ui/form-field.tsx';
import { Spinner } from '../../../../ui/spinner.tsx';
import { useIssuePreview, useSendTestIssue } from '../../comms-api.ts';
import { FailureAlert } from '../console-card.tsx';

/**
 * The mail a subscriber of the chosen language gets, rendered by the server as it will be sent
 * (in a sandboxed frame: the mail's HTML never runs in the console), and a test of it to oneself.
 */
export function IssuePreview({ issue }: { issue: ConsoleIssue }) {
  const { t, i18n } = useTranslation(['consoleComms', 'errors']);
  const [language, setLanguage] = useState<Language>('it');
  const [shown, setShown] = useState(false);
  const preview = useIssuePreview(issue.id, language, shown);
  const test = useSendTestIssue();
  const languageNames = new Intl.DisplayNames([i18n.language], { type: 'language' });
  const empty = preview.error instanceof ApiRequestError && preview.error.code === 'VALIDATION_FAILED';
  // The preview follows the texts as saved.
  const version = issue.updated_at;
  return (
    <section
      aria-labelledby="issue-preview-title"
      className="space-y-4 rounded-xl border border-stone-200 bg-white p-5 shadow-sm"
    >
      <h2 id="issue-preview-title" className="font-semibold text-lg">
        {t('issue.preview')}
      </h2>
      <div className="flex flex-wrap items-end gap-3">
        <label className="flex flex-col gap-1 text-sm">
          <span className="font-medium text-stone-700">{t('issue.previewLanguage')}</span>
          <select
            className={inputClass}
            value={language}
            onChange={(event) => {
              setLanguage(event.target.value as Language);
              test.reset();
            }}
          >
            {LANGUAGES.map((code) => (
              <option key={code} value={code}>
                {languageNames.of(code)}
              </option>
            ))}
          </select>
        </label>
        <Button variant="secondary" onClick={() => (shown ? void preview.refetch() : setShown(true))}>
          {shown ? t('issue.previewRefresh') : t('issue.previewShow')}
        </Button>
        <Button
          variant="secondary"
          busy={test.isPending}
          onClick={() => test.mutate({ id: issue.id, language })}
        >
          {t('issue.sendTest')}
        </Button>
      </div>
      <FailureAlert error={test.error} fallback={t('errors:INTERNAL')} />
      {test.data && (
        <Alert tone="success">
          {t('issue.testSent', { email: test.data.to, language: languageNames.of(test.data.language) })}
        </Alert>
      )}
      {shown && preview.isFetching && <Spinner size="medium" />}
      {shown && empty && <p className="text-stone-600">{t('issue.previewEmpty')}</p>}
      {shown && preview.isError && !empty && (
        <FailureAlert error={preview.error} fallback={t('errors:INTERNAL')} />
      )}
      {shown && preview.data && (
        <div className="space-y-2" key={version}>
          {preview.data.language !== language && (
            <p className="text-amber-900 text-sm">
              {t('issue.previewFallback', {
                wanted: languageNames.of(language),
                given: languageNames.of(preview.data.language),
              })}
            </p>
          )}
          <p className="text-sm">
            <span className="font-medium text-stone-700">{t('issue.previewSubject')}</span>{' '}
            {preview.data.subject}
          </p>
          <iframe
            title={t('issue.previewFrame')}
            sandbox=""
            srcDoc={preview.data.html}
            className="h-[32rem] w-full rounded-lg border border-stone-200 bg-white"
          />
        </div>
      )}
    </section>
  );
}
