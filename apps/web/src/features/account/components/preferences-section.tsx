import type { User } from '@sentiero/contract/accounts';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiRequestError } from '../../../lib/api-error.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { checkboxClass } from '../../../ui/form-field.tsx';
import { QueryState } from '../../../ui/query-state.tsx';
import { usePreferenceChoices, useUpdatePreferences } from '../api.ts';

const chipClass =
  'flex cursor-pointer items-center gap-2 rounded-md border border-stone-200 px-3 py-2 text-sm has-checked:border-brand-700 has-checked:bg-brand-50';

/** Recommendations: the activity types and the regions the member likes. */
export function PreferencesSection({ user }: { user: User }) {
  const { t } = useTranslation(['account', 'errors']);
  const choices = usePreferenceChoices();
  const save = useUpdatePreferences();

  if (!choices.data) {
    return (
      <QueryState isPending={choices.isPending} isError={choices.isError} onRetry={() => choices.refetch()} />
    );
  }
  const { activities, regions, countries } = choices.data;
  const liked = user.preferences;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    save.mutate({
      activities: form.getAll('activities').map(String),
      regions: form.getAll('regions').map(Number),
    });
  }

  return (
    <form
      onSubmit={submit}
      onChange={() => {
        if (save.isSuccess) save.reset();
      }}
      className="space-y-5"
    >
      <p className="text-stone-700">{t('preferences.lead')}</p>
      <fieldset>
        <legend className="mb-2 font-medium text-stone-900">{t('preferences.activities')}</legend>
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-4">
          {activities.map((activity) => (
            <label key={activity.slug} className={chipClass}>
              <input
                type="checkbox"
                name="activities"
                value={activity.slug}
                defaultChecked={liked.activities.includes(activity.slug)}
                className={checkboxClass}
              />
              {activity.name}
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset className="space-y-2">
        <legend className="mb-2 font-medium text-stone-900">{t('preferences.regions')}</legend>
        {countries.map((country) => {
          const inCountry = regions.filter((region) => region.country === country.code);
          const chosen = inCountry.filter((region) => liked.regions.includes(region.id)).length;
          return (
            <details key={country.code} open={chosen > 0} className="rounded-lg border border-stone-200 p-3">
              <summary className="cursor-pointer font-medium">
                {country.name}
                {chosen > 0 && (
                  <span className="ml-2 text-sm text-stone-600">
                    {t('preferences.chosen', { count: chosen })}
                  </span>
                )}
              </summary>
              <div className="mt-3 grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-4">
                {inCountry.map((region) => (
                  <label key={region.id} className={chipClass}>
                    <input
                      type="checkbox"
                      name="regions"
                      value={region.id}
                      defaultChecked={liked.regions.includes(region.id)}
                      className={checkboxClass}
                    />
                    {region.name}
                  </label>
                ))}
              </div>
            </details>
          );
        })}
      </fieldset>
      {save.isError && (
        <Alert tone="error">
          {save.error instanceof ApiRequestError ? save.error.message : t('errors:NETWORK')}
        </Alert>
      )}
      {save.isSuccess && <Alert tone="success">{t('preferences.saved')}</Alert>}
      <Button type="submit" busy={save.isPending} busyLabel={t('preferences.sending')}>
        {t('preferences.submit')}
      </Button>
    </form>
  );
}
