import type { StaffRole } from '@sentiero/contract/access';
import { LANGUAGES, type Language } from '@sentiero/contract/languages';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiRequestError } from '../../../lib/api-error.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { FormField, inputClass, TextField } from '../../../ui/form-field.tsx';
import { type TeamPage, useInviteToTeam } from '../api.ts';
import { areaChoice } from '../team-logic.ts';
import { AreaPicker } from './area-picker.tsx';
import { FailureAlert } from './console-card.tsx';
import { RoleSelect } from './role-select.tsx';

/** Invites someone to the operator's team: the link is mailed to them and shown here too. */
export function InviteForm({
  operator,
  areas,
  roles,
  defaultLanguage,
  run,
}: {
  /** Null: Sentiero's own staff, no operator and no areas. */
  operator: NonNullable<TeamPage['operator']> | null;
  areas: TeamPage['areas'];
  roles: StaffRole[];
  defaultLanguage: string;
  run(action: () => Promise<unknown>): Promise<void>;
}) {
  const { t, i18n } = useTranslation(['console', 'errors']);
  const invite = useInviteToTeam();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<StaffRole>(roles[0] ?? 'desk');
  const [chosenAreas, setChosenAreas] = useState<number[]>([]);
  const [language, setLanguage] = useState<Language>(
    (LANGUAGES as readonly string[]).includes(defaultLanguage) ? (defaultLanguage as Language) : 'it',
  );
  const languageNames = new Intl.DisplayNames([i18n.language], { type: 'language' });

  function submit(event: FormEvent) {
    event.preventDefault();
    const input = operator
      ? { email, role, operator_id: operator.id, area_ids: areaChoice(chosenAreas), language }
      : { email, role, language };
    void run(() =>
      invite.mutateAsync(input).then(() => {
        setEmail('');
        setChosenAreas([]);
      }),
    );
  }

  const fieldErrors = invite.error instanceof ApiRequestError ? invite.error.fields : {};
  return (
    <form
      onSubmit={submit}
      noValidate
      className="space-y-4 rounded-xl border border-stone-200 bg-white p-5 shadow-sm"
      aria-labelledby="invite-title"
    >
      <h2 id="invite-title" className="font-semibold text-lg">
        {t('team.invite.title', { operator: operator?.name ?? t('sentiero') })}
      </h2>
      {invite.data && (
        <Alert tone={invite.data.mail_sent ? 'success' : 'info'}>
          <p>{invite.data.mail_sent ? t('team.invite.sent') : t('team.invite.notSent')}</p>
          <p className="mt-1 break-all font-mono text-sm" data-testid="invitation-link">
            {invite.data.link}
          </p>
        </Alert>
      )}
      <FailureAlert error={invite.error} fallback={t('errors:INTERNAL')} />
      <div className="grid gap-4 md:grid-cols-2">
        <TextField
          label={t('team.invite.email')}
          type="email"
          autoComplete="off"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={fieldErrors.email ? t('team.invite.emailInvalid') : undefined}
          required
        />
        <RoleSelect roles={roles} value={role} onChange={setRole} />
        <FormField label={t('team.invite.language')} hint={t('team.invite.languageHint')}>
          {(control) => (
            <select
              {...control}
              className={inputClass}
              value={language}
              onChange={(event) => setLanguage(event.target.value as Language)}
            >
              {LANGUAGES.map((candidate) => (
                <option key={candidate} value={candidate}>
                  {languageNames.of(candidate) ?? candidate}
                </option>
              ))}
            </select>
          )}
        </FormField>
      </div>
      {operator && <AreaPicker areas={areas} chosen={chosenAreas} onChange={setChosenAreas} />}
      <Button type="submit" busy={invite.isPending} busyLabel={t('team.invite.busy')}>
        {t('team.invite.submit')}
      </Button>
    </form>
  );
}
