import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ApiRequestError } from '../../../lib/api-error.ts';
import { formatMoney } from '../../../lib/format.ts';
import { useCurrentLanguage } from '../../../lib/i18n.ts';
import { inputClass } from '../../../ui/form-field.tsx';
import { QueryState } from '../../../ui/query-state.tsx';
import type { ConsoleMe } from '../api.ts';
import { CommissionForm } from '../components/commission-form.tsx';
import { ConsoleNav } from '../components/console-nav.tsx';
import { type Column, FigureTable } from '../components/figure-table.tsx';
import { SessionGate } from '../components/session-gate.tsx';
import { downloadUrl, type StatementAnswer, useStatement } from '../figures-api.ts';
import { todayInItaly } from '../figures-logic.ts';

/**
 * `/console/statements`: an operator's month — sales, refunds, Sentiero's commission and what is
 * owed — for its owner and accountant, and for Sentiero's admin, who picks the operator and sets
 * the commission (ADR 036).
 */
export function Component() {
  return <SessionGate>{(me) => <StatementsScreen me={me} />}</SessionGate>;
}

type Statement = NonNullable<StatementAnswer['statement']>;

/** The month before this one: the last whole month, the one a statement is usually read for. */
function lastMonth(now: Date): string {
  const [year = 0, month = 1] = todayInItaly(now).split('-').map(Number);
  return new Date(Date.UTC(year, month - 2, 1)).toISOString().slice(0, 7);
}

function StatementsScreen({ me }: { me: ConsoleMe }) {
  const { t } = useTranslation('consoleFigures');
  const language = useCurrentLanguage();
  const [params, setParams] = useSearchParams();
  const month = /^\d{4}-\d{2}$/.test(params.get('month') ?? '')
    ? (params.get('month') as string)
    : lastMonth(new Date());
  const chosen = Number(params.get('operator'));
  const operatorId = Number.isInteger(chosen) && chosen > 0 ? chosen : undefined;
  const answer = useStatement({ operator_id: operatorId, month });
  const data = answer.data;
  const statement = data?.statement ?? null;
  const update = (next: { operator?: number; month?: string }) =>
    setParams({
      month: next.month ?? month,
      ...((next.operator ?? operatorId) ? { operator: String(next.operator ?? operatorId) } : {}),
    });
  const fileFields = { lng: language, month, operator_id: statement?.operator.id };
  return (
    <div className="flex flex-col gap-6 py-6 md:flex-row">
      <ConsoleNav me={me} />
      <div className="min-w-0 flex-1 space-y-5">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <h1 className="font-bold text-2xl text-stone-900">{t('statements.title')}</h1>
          <div className="flex flex-wrap items-end gap-3">
            {data && data.operators.length > 1 && (
              <label className="flex flex-col gap-1 text-sm">
                <span className="font-medium text-stone-700">{t('statements.operator')}</span>
                <select
                  className={inputClass}
                  value={statement?.operator.id ?? ''}
                  onChange={(event) => update({ operator: Number(event.target.value) })}
                >
                  {data.operators.map((operator) => (
                    <option key={operator.id} value={operator.id}>
                      {operator.name}
                    </option>
                  ))}
                </select>
              </label>
            )}
            <label className="flex flex-col gap-1 text-sm">
              <span className="font-medium text-stone-700">{t('statements.month')}</span>
              <input
                type="month"
                className={inputClass}
                value={month}
                required
                onChange={(event) => event.target.value && update({ month: event.target.value })}
              />
            </label>
          </div>
        </div>
        {answer.error instanceof ApiRequestError ? (
          <p role="alert" className="text-red-700">
            {answer.error.message}
          </p>
        ) : (
          <QueryState
            isPending={answer.isPending}
            isError={answer.isError}
            onRetry={() => answer.refetch()}
          />
        )}
        {data && !statement && <p className="text-stone-600">{t('statements.noOperator')}</p>}
        {statement && (
          <>
            <div className="flex flex-wrap gap-2">
              <a
                className="rounded-md border border-stone-300 bg-white px-3 py-1.5 font-medium text-sm hover:bg-stone-100"
                href={downloadUrl('consoleStatementPdf', fileFields)}
                download
              >
                {t('statements.pdf')}
              </a>
              <a
                className="rounded-md border border-stone-300 bg-white px-3 py-1.5 font-medium text-sm hover:bg-stone-100"
                href={downloadUrl('consoleStatementCsv', fileFields)}
                download
              >
                {t('statements.csv')}
              </a>
            </div>
            <StatementView statement={statement} language={language} />
            {me.permissions.includes('operators.manage') && (
              <CommissionForm key={statement.operator.id} statement={statement} language={language} />
            )}
          </>
        )}
      </div>
    </div>
  );
}

function StatementView({ statement, language }: { statement: Statement; language: string }) {
  const { t } = useTranslation('consoleFigures');
  const money = (cents: number) => formatMoney(cents, language as never);
  const percent = new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 2 });
  const columns: Column<Statement['lines'][number]>[] = [
    { id: 'ticket', header: t('statements.ticket'), cell: (line) => line.label, wide: true },
    { id: 'orders', header: t('columns.orders'), cell: (line) => line.orders, numeric: true },
    { id: 'sales', header: t('statements.sales'), cell: (line) => money(line.sales_cents), numeric: true },
    {
      id: 'onSite',
      header: t('statements.onSite'),
      cell: (line) => money(line.on_site_cents),
      numeric: true,
    },
    { id: 'refunds', header: t('columns.refunds'), cell: (line) => money(line.refunds_cents), numeric: true },
    { id: 'net', header: t('columns.net'), cell: (line) => money(line.net_cents), numeric: true },
  ];
  const { totals } = statement;
  const owedByOperator = totals.owed_cents < 0;
  return (
    <section className="space-y-4 rounded-xl border border-stone-200 bg-white p-4 shadow-sm md:p-5">
      <div>
        <h2 className="font-semibold text-lg text-stone-900">{statement.operator.name}</h2>
        <p className="text-sm text-stone-600">
          {new Intl.DateTimeFormat(language, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
            new Date(`${statement.month}-01T00:00:00Z`),
          )}
          {statement.operator.vat_number && ` · ${t('statements.vat')} ${statement.operator.vat_number}`}
        </p>
      </div>
      <FigureTable
        id="statement-lines"
        caption={t('statements.title')}
        columns={columns}
        rows={statement.lines}
        rowKey={(line) => String(line.ticket_id)}
        empty={t('statements.nothing')}
      />
      <dl className="ml-auto grid max-w-md grid-cols-[1fr_auto] gap-x-6 gap-y-1 text-sm">
        <dt>{t('statements.sales')}</dt>
        <dd className="text-right tabular-nums">{money(totals.sales_cents)}</dd>
        <dt>{t('columns.refunds')}</dt>
        <dd className="text-right tabular-nums">−{money(totals.refunds_cents)}</dd>
        <dt className="font-semibold">{t('columns.net')}</dt>
        <dd className="text-right font-semibold tabular-nums">{money(totals.net_cents)}</dd>
        <dt>{t('statements.onSiteHeld')}</dt>
        <dd className="text-right tabular-nums">−{money(totals.on_site_cents)}</dd>
        <dt>
          {t('statements.commission', { rate: percent.format(statement.operator.commission_bps / 10_000) })}
        </dt>
        <dd className="text-right tabular-nums">−{money(totals.commission_cents)}</dd>
        <dt className="border-stone-300 border-t pt-1 font-bold text-base">
          {t(owedByOperator ? 'statements.owedByOperator' : 'statements.owed')}
        </dt>
        <dd className="border-stone-300 border-t pt-1 text-right font-bold text-base tabular-nums">
          {money(Math.abs(totals.owed_cents))}
        </dd>
      </dl>
      <p className="text-stone-500 text-xs">{t('statements.rounding')}</p>
    </section>
  );
}
