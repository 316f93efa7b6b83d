import type { AreaFieldsInput } from '@sentiero/contract/console-areas';
import { LANGUAGES, type Language, type LocalizedText } from '@sentiero/contract/languages';
import { type AreaTextField, findMissingAreaTexts } from '@sentiero/contract/rules/area-texts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiRequestError } from '../../../../lib/api-error.ts';
import { Alert } from '../../../../ui/alert.tsx';
import { Button } from '../../../../ui/button.tsx';
import { FormField, inputClass } from '../../../../ui/form-field.tsx';
import type { ConsoleArea } from '../api.ts';
import { EditorSection } from './catalogue-frame.tsx';
import { type TextField, TextTabs } from './text-tabs.tsx';

const AREA_FIELDS: TextField<AreaTextField>[] = [
  { field: 'name', rows: 0 },
  { field: 'summary', rows: 2 },
  { field: 'description', rows: 6 },
  { field: 'rules', rows: 4 },
  { field: 'limits', rows: 2 },
];

type AreaForm = Record<AreaTextField, LocalizedText> & { daily_limit_g: string };

export function areaForm(fields: ConsoleArea['fields']): AreaForm {
  return { ...fields, daily_limit_g: fields.daily_limit_g === null ? '' : String(fields.daily_limit_g) };
}

/** What the editor sends: a daily limit typed as grams, or none when left empty. */
export function toAreaFields(form: AreaForm): AreaFieldsInput {
  const grams = form.daily_limit_g.trim();
  return {
    name: form.name,
    summary: form.summary,
    description: form.description,
    rules: form.rules,
    limits: form.limits,
    daily_limit_g: grams === '' ? null : Number(grams),
  };
}

/** The server's field messages by the editor's names: `area.name.en` and `name.en` alike. */
function areaErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiRequestError)) return {};
  return Object.fromEntries(
    Object.entries(error.fields).map(([path, message]) => [path.replace(/^area\./, ''), message]),
  );
}

/**
 * An area's texts per language (the missing ones flagged as they are typed), its rules and its
 * daily limit, saved together; the server's field messages show beside their fields.
 */
export function AreaFormSections({
  initial,
  canWrite,
  saving,
  error,
  onSave,
}: {
  initial: AreaForm;
  canWrite: boolean;
  saving: boolean;
  error: unknown;
  onSave: (form: AreaForm) => void;
}) {
  const { t } = useTranslation(['consoleCatalogue', 'errors']);
  const [form, setForm] = useState(initial);
  const errors = areaErrors(error);
  const setText = (field: AreaTextField, language: Language, value: string) =>
    setForm((old) => ({ ...old, [field]: { ...old[field], [language]: value } }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSave(form);
  };
  const textErrorElsewhere = Object.keys(errors).some((key) =>
    LANGUAGES.some((language) => key.endsWith(`.${language}`)),
  );
  return (
    <form onSubmit={submit} noValidate className="space-y-5">
      <EditorSection id="area-texts" title={t('sections.texts')}>
        <TextTabs
          texts={form}
          missing={findMissingAreaTexts(form)}
          errors={errors}
          onChange={setText}
          fields={AREA_FIELDS}
        />
      </EditorSection>
      <EditorSection id="area-limits" title={t('areaEditor.limitsSection')}>
        <div className="max-w-xs">
          <FormField
            label={t('areaEditor.dailyLimit')}
            hint={t('areaEditor.dailyLimitHint')}
            error={errors.daily_limit_g}
          >
            {(control) => (
              <input
                {...control}
                inputMode="numeric"
                className={inputClass}
                value={form.daily_limit_g}
                onChange={(event) => setForm((old) => ({ ...old, daily_limit_g: event.target.value }))}
              />
            )}
          </FormField>
        </div>
      </EditorSection>
      {error ? (
        <Alert tone="error">
          {textErrorElsewhere
            ? t('areaEditor.textsRefused')
            : error instanceof ApiRequestError
              ? error.message
              : t('errors:INTERNAL')}
        </Alert>
      ) : null}
      {canWrite && (
        <Button type="submit" busy={saving} busyLabel={t('form.saving')}>
          {t('editor.save')}
        </Button>
      )}
    </form>
  );
}
