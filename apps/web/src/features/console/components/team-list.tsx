import type { StaffRole } from '@sentiero/contract/access';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/button.tsx';
import { type TeamPage, useChangeGrant, useRevokeGrant } from '../api.ts';
import { areaChoice, areaNames, type TeamRow, teamRows } from '../team-logic.ts';
import { AccountSwitch } from './account-switch.tsx';
import { AreaPicker } from './area-picker.tsx';
import { FailureAlert } from './console-card.tsx';
import { RoleSelect } from './role-select.tsx';

type Run = (action: () => Promise<unknown>) => Promise<void>;

const COLUMNS = 'lg:grid lg:grid-cols-[minmax(0,1.6fr)_minmax(0,1fr)_minmax(0,1.4fr)_7rem_13rem] lg:gap-4';

/** The team's members, one row per role: a table on a desktop, stacked cards on a tablet. */
export function TeamList({
  team,
  roles,
  run,
  selfId,
}: {
  team: TeamPage;
  roles: StaffRole[];
  run: Run;
  /** The signed-in staff member, who cannot disable themselves. */
  selfId: number;
}) {
  const { t } = useTranslation('console');
  const rows = teamRows(team.members);
  if (rows.length === 0) return <p className="text-stone-600">{t('team.empty')}</p>;
  return (
    <div className="rounded-xl border border-stone-200 bg-white shadow-sm">
      <div
        className={`hidden border-stone-200 border-b px-4 py-2 font-medium text-sm text-stone-600 ${COLUMNS}`}
        aria-hidden
      >
        <span>{t('team.member')}</span>
        <span>{t('team.role')}</span>
        <span>{t('team.areas')}</span>
        <span>{t('team.since')}</span>
        <span />
      </div>
      <ul aria-label={t('team.title')} className="divide-y divide-stone-200">
        {rows.map((row) => (
          <TeamMemberRow
            key={row.key}
            row={row}
            areas={team.areas}
            roles={roles}
            run={run}
            canSwitch={roles.length > 0 && row.staffId !== selfId}
          />
        ))}
      </ul>
    </div>
  );
}

function TeamMemberRow({
  row,
  areas,
  roles,
  run,
  canSwitch,
}: {
  row: TeamRow;
  areas: TeamPage['areas'];
  roles: StaffRole[];
  run: Run;
  canSwitch: boolean;
}) {
  const { t, i18n } = useTranslation(['console', 'consoleRecords', 'errors']);
  const [mode, setMode] = useState<'view' | 'edit' | 'revoke'>('view');
  const revoke = useRevokeGrant();
  const names = areaNames(row.areaIds, areas);
  const since = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(new Date(row.since));
  const manageable = roles.includes(row.role as StaffRole);
  return (
    <li className="space-y-3 px-4 py-3">
      <div className={`grid gap-1 sm:grid-cols-2 ${COLUMNS} lg:items-center`}>
        <div className="min-w-0">
          <p className="font-semibold text-stone-900">
            {row.name}
            {row.disabled && (
              <span className="ml-2 rounded-full bg-red-100 px-2 py-0.5 font-medium text-red-900 text-xs">
                {t('consoleRecords:team.disabled')}
              </span>
            )}
          </p>
          <p className="truncate text-sm text-stone-600">{row.email}</p>
        </div>
        <p className="text-stone-800">{t(`roles.${row.role}`)}</p>
        <p className="text-sm text-stone-700">{names ? names.join(', ') : t('home.allAreas')}</p>
        <p className="text-sm text-stone-600">
          <span className="lg:hidden">{t('team.since')}: </span>
          {since}
        </p>
        {manageable && mode === 'view' && (
          <div className="flex gap-2 sm:col-span-2 lg:col-span-1 lg:justify-end">
            <Button variant="secondary" className="px-3 py-1 text-sm" onClick={() => setMode('edit')}>
              {t('team.change')}
            </Button>
            <Button variant="secondary" className="px-3 py-1 text-sm" onClick={() => setMode('revoke')}>
              {t('team.revoke')}
            </Button>
          </div>
        )}
      </div>
      {canSwitch && mode === 'view' && <AccountSwitch row={row} run={run} />}
      {mode === 'edit' && (
        <GrantEditor row={row} areas={areas} roles={roles} run={run} onDone={() => setMode('view')} />
      )}
      {mode === 'revoke' && (
        <div className="space-y-2 rounded-lg border border-red-200 bg-red-50 p-3">
          <FailureAlert error={revoke.error} fallback={t('errors:INTERNAL')} />
          <p className="text-red-900">
            {t('team.revokeConfirm', { name: row.name, role: t(`roles.${row.role}`) })}
          </p>
          <div className="flex gap-2">
            <Button
              variant="danger"
              busy={revoke.isPending}
              onClick={() => void run(() => revoke.mutateAsync({ grant_id: row.grantId }))}
            >
              {t('team.revoke')}
            </Button>
            <Button variant="secondary" onClick={() => setMode('view')}>
              {t('team.cancel')}
            </Button>
          </div>
        </div>
      )}
    </li>
  );
}

function GrantEditor({
  row,
  areas,
  roles,
  run,
  onDone,
}: {
  row: TeamRow;
  areas: TeamPage['areas'];
  roles: StaffRole[];
  run: Run;
  onDone(): void;
}) {
  const { t } = useTranslation(['console', 'errors']);
  const change = useChangeGrant();
  const [role, setRole] = useState<StaffRole>(row.role as StaffRole);
  const [chosen, setChosen] = useState<number[]>(row.areaIds ?? []);

  function submit(event: FormEvent) {
    event.preventDefault();
    void run(() =>
      change.mutateAsync({ grant_id: row.grantId, role, area_ids: areaChoice(chosen) }).then(onDone),
    );
  }

  return (
    <form
      onSubmit={submit}
      className="space-y-3 rounded-lg border border-stone-200 bg-stone-50 p-3"
      noValidate
    >
      <FailureAlert error={change.error} fallback={t('errors:INTERNAL')} />
      <RoleSelect roles={roles} value={role} onChange={setRole} />
      <AreaPicker areas={areas} chosen={chosen} onChange={setChosen} />
      <div className="flex gap-2">
        <Button type="submit" busy={change.isPending}>
          {t('team.save')}
        </Button>
        <Button variant="secondary" onClick={onDone}>
          {t('team.cancel')}
        </Button>
      </div>
    </form>
  );
}
