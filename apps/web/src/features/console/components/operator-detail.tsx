import { PAGES } from '@sentiero/contract/pages';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { QueryState } from '../../../ui/query-state.tsx';
import { type OperatorDetail, type OperatorsPage, useOperator } from '../inbox-api.ts';
import { useDateTime } from './inbox-list.tsx';

type Owners = Pick<OperatorsPage['operators'][number], 'owners' | 'owner_invitations'>;

/** Its owners by name, else whom an invitation is waiting for, else that it has none. */
export function OwnersLine({ operator }: { operator: Owners }) {
  const { t } = useTranslation('consoleInbox');
  if (operator.owners.length > 0) {
    return (
      <span className="block text-sm text-stone-700">
        {t('operators.owners', { names: operator.owners.map((owner) => owner.name).join(', ') })}
      </span>
    );
  }
  if (operator.owner_invitations.length > 0) {
    return (
      <span className="block text-amber-900 text-sm">
        {t('operators.invited', {
          emails: operator.owner_invitations.map((invitation) => invitation.email).join(', '),
        })}
      </span>
    );
  }
  return <span className="block text-sm text-stone-500">{t('operators.noOwner')}</span>;
}

export function OperatorDetailView({ id }: { id: number }) {
  const operator = useOperator(id);
  return (
    <>
      <QueryState
        isPending={operator.isPending}
        isError={operator.isError}
        onRetry={() => operator.refetch()}
      />
      {operator.data && <OperatorPanel operator={operator.data} />}
    </>
  );
}

function OperatorPanel({ operator }: { operator: OperatorDetail }) {
  const { t, i18n } = useTranslation('consoleInbox');
  const when = useDateTime();
  const percent = new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 2 });
  return (
    <article
      aria-labelledby="operator-title"
      className="space-y-4 rounded-xl border border-stone-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <header>
        <h2 id="operator-title" className="font-semibold text-stone-900 text-xl">
          {operator.name}
        </h2>
        <p className="text-sm text-stone-600">
          {t(`operatorKinds.${operator.kind}`)} · {operator.slug} · {when(operator.created_at)}
        </p>
      </header>
      <dl className="grid gap-3 sm:grid-cols-2">
        <div>
          <dt className="font-medium text-sm text-stone-600">{t('application.vatNumber')}</dt>
          <dd className="text-stone-900">{operator.vat_number ?? '—'}</dd>
        </div>
        <div>
          <dt className="font-medium text-sm text-stone-600">{t('operators.contact')}</dt>
          <dd className="break-all text-stone-900">{operator.contact_email}</dd>
        </div>
        <div>
          <dt className="font-medium text-sm text-stone-600">{t('operators.commission')}</dt>
          <dd className="text-stone-900">{percent.format(operator.commission_basis_points / 10_000)}</dd>
        </div>
        <div>
          <dt className="font-medium text-sm text-stone-600">{t('operators.ownersTitle')}</dt>
          <dd className="text-stone-900">
            {operator.owners.map((owner) => (
              <span key={owner.email} className="block">
                {owner.name} · <span className="break-all text-sm">{owner.email}</span>
              </span>
            ))}
            {operator.owner_invitations.map((invitation) => (
              <span key={invitation.email} className="block text-amber-900 text-sm">
                {t('operators.invitedUntil', { email: invitation.email, date: when(invitation.expires_at) })}
              </span>
            ))}
            {operator.owners.length === 0 && operator.owner_invitations.length === 0 && (
              <span className="text-stone-500">{t('operators.noOwner')}</span>
            )}
          </dd>
        </div>
      </dl>
      <div>
        <h3 className="mb-2 font-semibold text-stone-900">
          {t('operators.areas', { count: operator.areas })}
        </h3>
        {operator.area_list.length === 0 ? (
          <p className="text-sm text-stone-600">{t('operators.noAreas')}</p>
        ) : (
          <ul className="grid gap-1 sm:grid-cols-2">
            {operator.area_list.map((area) => (
              <li
                key={area.id}
                className="flex justify-between gap-2 rounded-md bg-stone-50 px-3 py-1.5 text-sm"
              >
                <span className="min-w-0 truncate">{area.name}</span>
                <span className={area.available ? 'text-emerald-800' : 'text-stone-500'}>
                  {area.available ? t('operators.onSale') : t('operators.notOnSale')}
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>
      <Link
        className="inline-block font-medium text-brand-800 text-sm underline"
        to={PAGES.consoleTeam.path({ operator: operator.id })}
      >
        {t('operators.team')}
      </Link>
    </article>
  );
}
