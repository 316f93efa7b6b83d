import { KNOWN_AUDIT_ACTIONS } from '@sentiero/contract/console-audit';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Button } from '../../../ui/button.tsx';
import { FormField, inputClass } from '../../../ui/form-field.tsx';
import { Pager, pageParam } from '../../../ui/pager.tsx';
import { QueryState } from '../../../ui/query-state.tsx';
import type { ConsoleMe } from '../api.ts';
import { AUDIT_FILTERS, type AuditFilterName, auditChanges, auditFilterFrom } from '../audit-logic.ts';
import { FailureAlert } from '../components/console-card.tsx';
import { ConsoleNav } from '../components/console-nav.tsx';
import { SessionGate } from '../components/session-gate.tsx';
import { type AuditLine, useAuditLog } from '../records-api.ts';

/**
 * `/console/audit`: the audit log for admins (every line) and owners (their operator's), filtered
 * by person, action, target and period, newest first; each line with the before and after of the
 * fields it changed.
 */
export function Component() {
  return <SessionGate>{(me) => <AuditScreen me={me} />}</SessionGate>;
}

const COLUMNS = 'lg:grid lg:grid-cols-[9rem_minmax(0,1fr)_minmax(0,1fr)_minmax(0,1.6fr)] lg:gap-4';

function AuditScreen({ me }: { me: ConsoleMe }) {
  const { t } = useTranslation(['consoleRecords', 'errors']);
  const [searchParams, setSearchParams] = useSearchParams();
  const filter = auditFilterFrom(searchParams);
  const operator = Number(searchParams.get('operator'));
  const log = useAuditLog({
    ...filter,
    operator_id: Number.isInteger(operator) && operator > 0 ? operator : undefined,
    page: pageParam(searchParams),
  });
  const data = log.data;
  return (
    <div className="flex flex-col gap-6 py-6 md:flex-row">
      <ConsoleNav me={me} />
      <section className="min-w-0 flex-1 space-y-5">
        <h1 className="font-bold text-2xl text-stone-900">{t('audit.title')}</h1>
        <p className="text-stone-600">{t('audit.lead')}</p>
        <AuditFilters
          key={searchParams.toString()}
          initial={filter}
          operators={data?.operators ?? []}
          operator={searchParams.get('operator') ?? ''}
          onApply={(next) => setSearchParams(next)}
        />
        {log.isError ? (
          <FailureAlert error={log.error} fallback={t('errors:INTERNAL')} />
        ) : (
          <QueryState isPending={log.isPending} isError={false} onRetry={() => log.refetch()} />
        )}
        {data && (
          <>
            <p className="text-sm text-stone-600">{t('audit.total', { count: data.total })}</p>
            {data.lines.length === 0 ? (
              <p className="text-stone-600">{t('audit.empty')}</p>
            ) : (
              <div className="rounded-xl border border-stone-200 bg-white shadow-sm">
                <div
                  aria-hidden
                  className={`hidden border-stone-200 border-b px-4 py-2 font-medium text-sm text-stone-600 ${COLUMNS}`}
                >
                  <span>{t('audit.when')}</span>
                  <span>{t('audit.who')}</span>
                  <span>{t('audit.what')}</span>
                  <span>{t('audit.changes')}</span>
                </div>
                <ul aria-label={t('audit.title')} className="divide-y divide-stone-200">
                  {data.lines.map((line) => (
                    <AuditRow key={line.id} line={line} />
                  ))}
                </ul>
              </div>
            )}
            <Pager page={data.page} pages={data.pages} />
          </>
        )}
      </section>
    </div>
  );
}

function AuditFilters({
  initial,
  operators,
  operator,
  onApply,
}: {
  initial: Partial<Record<AuditFilterName, string>>;
  operators: { id: number; name: string }[];
  operator: string;
  onApply(next: Record<string, string>): void;
}) {
  const { t } = useTranslation('consoleRecords');
  const [values, setValues] = useState<Partial<Record<AuditFilterName, string>>>(initial);
  const [chosenOperator, setChosenOperator] = useState(operator);
  const set = (name: AuditFilterName) => (value: string) => setValues((old) => ({ ...old, [name]: value }));

  function submit(event: FormEvent) {
    event.preventDefault();
    const next: Record<string, string> = {};
    for (const name of AUDIT_FILTERS) {
      const value = values[name]?.trim();
      if (value) next[name] = value;
    }
    if (chosenOperator) next.operator = chosenOperator;
    onApply(next);
  }

  const field = (name: AuditFilterName, type: 'text' | 'date' = 'text', list?: string) => (
    <FormField label={t(`audit.filter.${name}`)}>
      {(control) => (
        <input
          {...control}
          type={type}
          list={list}
          className={inputClass}
          value={values[name] ?? ''}
          onChange={(event) => set(name)(event.target.value)}
        />
      )}
    </FormField>
  );

  return (
    <form
      onSubmit={submit}
      aria-label={t('audit.filters')}
      className="space-y-4 rounded-xl border border-stone-200 bg-white p-5 shadow-sm"
    >
      <div className="grid gap-4 md:grid-cols-2 lg:grid-cols-3">
        {field('person')}
        {field('action', 'text', 'audit-actions')}
        <datalist id="audit-actions">
          {KNOWN_AUDIT_ACTIONS.map((action) => (
            <option key={action} value={action} />
          ))}
        </datalist>
        {operators.length > 1 && (
          <FormField label={t('audit.filter.operator')}>
            {(control) => (
              <select
                {...control}
                className={inputClass}
                value={chosenOperator}
                onChange={(event) => setChosenOperator(event.target.value)}
              >
                <option value="">{t('audit.allOperators')}</option>
                {operators.map((candidate) => (
                  <option key={candidate.id} value={candidate.id}>
                    {candidate.name}
                  </option>
                ))}
              </select>
            )}
          </FormField>
        )}
        {field('target_type')}
        {field('target_id')}
        {field('from', 'date')}
        {field('to', 'date')}
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit">{t('audit.apply')}</Button>
        <Button
          variant="secondary"
          onClick={() => {
            setValues({});
            setChosenOperator('');
            onApply({});
          }}
        >
          {t('audit.clear')}
        </Button>
      </div>
    </form>
  );
}

function AuditRow({ line }: { line: AuditLine }) {
  const { t, i18n } = useTranslation(['consoleRecords', 'console']);
  const at = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(line.at),
  );
  const changes = auditChanges(line.changes);
  const role = line.role ? t(`console:roles.${line.role}`, { defaultValue: line.role }) : null;
  return (
    <li className={`grid gap-2 px-4 py-3 md:grid-cols-2 ${COLUMNS}`}>
      <p className="text-sm text-stone-700">
        <time dateTime={line.at}>{at}</time>
        {line.ip && <span className="block text-stone-500 text-xs">{line.ip}</span>}
      </p>
      <div className="min-w-0 text-sm">
        <p className="font-semibold text-stone-900">
          {line.staff?.name ??
            (line.device_id ? t('audit.device', { id: line.device_id }) : t('audit.system'))}
        </p>
        {line.staff && <p className="truncate text-stone-600">{line.staff.email}</p>}
        <p className="text-stone-600">
          {[role, line.operator?.name ?? t('audit.sentiero')].filter(Boolean).join(' · ')}
        </p>
      </div>
      <div className="min-w-0 text-sm">
        <p className="font-mono text-stone-900">{line.action}</p>
        <p className="text-stone-600">
          {line.target_type} #{line.target_id}
        </p>
        {line.reason && (
          <p className="mt-1 text-stone-800">
            {t('audit.reason')}: {line.reason}
          </p>
        )}
      </div>
      <div className="min-w-0 text-sm md:col-span-2 lg:col-span-1">
        {changes.length === 0 ? (
          <p className="text-stone-500">–</p>
        ) : (
          <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1">
            {changes.map((change) => (
              <div key={change.field} className="contents">
                <dt className="font-mono text-stone-600">{change.field}</dt>
                <dd className="break-words">
                  <span className="text-stone-500 line-through decoration-stone-400">{change.before}</span>
                  <span aria-hidden className="px-1 text-stone-400">
                    →
                  </span>
                  <span className="sr-only">{t('audit.becomes')}</span>
                  <span className="font-medium text-stone-900">{change.after}</span>
                </dd>
              </div>
            ))}
          </dl>
        )}
      </div>
    </li>
  );
}
