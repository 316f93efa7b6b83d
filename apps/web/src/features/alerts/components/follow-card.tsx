import { ALERT_KINDS, type AlertFollow, type AlertKind } from '@sentiero/contract/alerts';
import { GROWTH_LEVELS, type GrowthLevel } from '@sentiero/contract/growth';
import { PAGES } from '@sentiero/contract/pages';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiRequestError } from '../../../lib/api-error.ts';
import { useCurrentLanguage } from '../../../lib/i18n.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { CheckboxField, checkboxClass, FormField, inputClass } from '../../../ui/form-field.tsx';
import { useFollowArea, useUnfollowArea } from '../api.ts';

/** One followed area: what it alerts of, at which growth level, by which channels. */
export function FollowCard({ follow, pushAvailable }: { follow: AlertFollow; pushAvailable: boolean }) {
  const { t } = useTranslation(['alerts', 'growth', 'errors']);
  const language = useCurrentLanguage();
  const headingId = useId();
  const [kinds, setKinds] = useState<AlertKind[]>(follow.kinds);
  const [minLevel, setMinLevel] = useState<GrowthLevel>(follow.min_level);
  const [byMail, setByMail] = useState(follow.by_mail);
  const [byPush, setByPush] = useState(follow.by_push);
  const save = useFollowArea(language);
  const unfollow = useUnfollowArea(language);
  const fields = save.error instanceof ApiRequestError ? (save.error.fields ?? {}) : {};

  const toggle = (kind: AlertKind, on: boolean) =>
    setKinds((current) => ALERT_KINDS.filter((each) => (each === kind ? on : current.includes(each))));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({ area_id: follow.area_id, kinds, min_level: minLevel, by_mail: byMail, by_push: byPush });
  };

  return (
    <form
      aria-labelledby={headingId}
      onSubmit={submit}
      className="space-y-4 rounded-xl border border-stone-200 bg-white p-4 shadow-sm"
    >
      <h3 id={headingId} className="font-semibold text-stone-900">
        <Link to={PAGES.area.path({ eventsId: follow.area_id })} className="text-brand-800 underline">
          {follow.area_name}
        </Link>
      </h3>
      <fieldset className="space-y-2">
        <legend className="mb-1 font-medium text-sm text-stone-700">{t('follows.kinds')}</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {ALERT_KINDS.map((kind) => (
            <CheckboxField key={kind} label={t(`kind.${kind}`)}>
              {(control) => (
                <input
                  {...control}
                  type="checkbox"
                  className={checkboxClass}
                  checked={kinds.includes(kind)}
                  onChange={(event) => toggle(kind, event.target.checked)}
                />
              )}
            </CheckboxField>
          ))}
        </div>
        <p className="text-sm text-stone-600">{t('follows.weatherHint')}</p>
        {(fields.kinds || fields['kinds.0']) && (
          <p className="text-red-700 text-sm">{fields.kinds ?? fields['kinds.0']}</p>
        )}
      </fieldset>
      {kinds.includes('growth') && (
        <div className="max-w-xs">
          <FormField label={t('follows.minLevel')} hint={t('follows.minLevelHint')} error={fields.min_level}>
            {(control) => (
              <select
                {...control}
                className={inputClass}
                value={minLevel}
                onChange={(event) => setMinLevel(event.target.value as GrowthLevel)}
              >
                {GROWTH_LEVELS.map((level) => (
                  <option key={level} value={level}>
                    {t(`growth:level.${level}`)}
                  </option>
                ))}
              </select>
            )}
          </FormField>
        </div>
      )}
      <fieldset className="space-y-2">
        <legend className="mb-1 font-medium text-sm text-stone-700">{t('follows.channels')}</legend>
        <div className="flex flex-wrap gap-x-6 gap-y-2">
          <CheckboxField label={t('follows.byMail')}>
            {(control) => (
              <input
                {...control}
                type="checkbox"
                className={checkboxClass}
                checked={byMail}
                onChange={(event) => setByMail(event.target.checked)}
              />
            )}
          </CheckboxField>
          <CheckboxField label={t('follows.byPush')}>
            {(control) => (
              <input
                {...control}
                type="checkbox"
                className={checkboxClass}
                checked={byPush && pushAvailable}
                disabled={!pushAvailable}
                onChange={(event) => setByPush(event.target.checked)}
              />
            )}
          </CheckboxField>
        </div>
        {fields.by_mail && <p className="text-red-700 text-sm">{fields.by_mail}</p>}
      </fieldset>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" busy={save.isPending} busyLabel={t('follows.saving')}>
          {t('follows.save')}
        </Button>
        <Button
          variant="secondary"
          busy={unfollow.isPending}
          busyLabel={t('follows.saving')}
          onClick={() => unfollow.mutate(follow.area_id)}
        >
          {t('follows.unfollow')}
        </Button>
        {save.isSuccess && (
          <span role="status" className="text-brand-800 text-sm">
            {t('follows.saved')}
          </span>
        )}
      </div>
      {((save.isError && !(save.error instanceof ApiRequestError && save.error.fields)) ||
        unfollow.isError) && (
        <Alert tone="error">
          {[save.error, unfollow.error].find((error) => error instanceof ApiRequestError)?.message ??
            t('errors:NETWORK')}
        </Alert>
      )}
    </form>
  );
}
