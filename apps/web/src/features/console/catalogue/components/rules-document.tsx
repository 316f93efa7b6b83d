import { MAX_RULES_DOCUMENT_BYTES } from '@sentiero/contract/rules-document-files';
import { FileText } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiRequestError } from '../../../../lib/api-error.ts';
import { Alert } from '../../../../ui/alert.tsx';
import { Button } from '../../../../ui/button.tsx';
import { type Subject, useDeleteRules, useUploadRules } from '../api.ts';
import { EditorSection } from './catalogue-frame.tsx';

/** A ticket's or an area's rules document (a PDF), linked from its page in the shop. */
export function RulesDocument({
  subject,
  url,
  canWrite,
}: {
  subject: Subject;
  url: string | null;
  canWrite: boolean;
}) {
  const ofArea = 'area_id' in subject;
  const { t } = useTranslation(['consoleCatalogue', 'errors']);
  const upload = useUploadRules();
  const remove = useDeleteRules();
  const [file, setFile] = useState<File | null>(null);
  const [formKey, setFormKey] = useState(0);
  const fileId = useId();
  const failure = upload.error ?? remove.error;
  const problem = failure instanceof ApiRequestError ? failure : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) return;
    upload.mutate({ ...subject, file } as never, {
      onSuccess: () => {
        setFile(null);
        setFormKey((key) => key + 1);
      },
    });
  };
  return (
    <EditorSection id={ofArea ? 'area-document' : 'ticket-document'} title={t('sections.document')}>
      <p className="text-sm text-stone-600">
        {t(ofArea ? 'areaEditor.documentLead' : 'document.lead', {
          size: MAX_RULES_DOCUMENT_BYTES / 1024 / 1024,
        })}
      </p>
      {url ? (
        <div className="flex flex-wrap items-center gap-3">
          <a href={url} className="inline-flex items-center gap-2 font-medium text-brand-800 underline">
            <FileText aria-hidden className="size-4" />
            {t('document.current')}
          </a>
          {canWrite && (
            <Button
              variant="secondary"
              className="px-3 py-1 text-sm"
              busy={remove.isPending}
              onClick={() => remove.mutate(subject)}
            >
              {t('document.remove')}
            </Button>
          )}
        </div>
      ) : (
        <p className="text-stone-600">{t('document.none')}</p>
      )}
      {canWrite && (
        <form key={formKey} onSubmit={submit} className="flex flex-wrap items-end gap-3">
          <div className="flex flex-col gap-1">
            <label htmlFor={fileId} className="font-medium text-sm text-stone-700">
              {url ? t('document.replace') : t('document.file')}
            </label>
            <input
              id={fileId}
              type="file"
              accept="application/pdf"
              className="text-sm"
              aria-invalid={problem?.fields.file ? true : undefined}
              onChange={(event) => setFile(event.target.files?.[0] ?? null)}
            />
          </div>
          <Button type="submit" variant="secondary" disabled={!file} busy={upload.isPending}>
            {t('document.upload')}
          </Button>
        </form>
      )}
      {problem && <Alert tone="error">{problem.fields.file ?? problem.message}</Alert>}
      {failure && !problem ? <Alert tone="error">{t('errors:INTERNAL')}</Alert> : null}
    </EditorSection>
  );
}
