import type { consoleStatement, ZStatement } from '@sentiero/contract/console-figures';
import { rateInForce } from '@sentiero/contract/rules/commission-rates';
import type { z } from 'zod';
import { requireStaffAccess, staffListScope } from '../../platform/access.ts';
import type { ServiceContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { toCommissionRates } from './commission.ts';
import { euros, writeCsv } from './csv.ts';
import { findKeyLabels, findSales } from './figures-repo.ts';
import { statementTotals } from './statement-arithmetic.ts';
import { statementPdf } from './statement-pdf.ts';
import { findCommissionRates, findOperatorForStatement, findStatementOperators } from './statement-repo.ts';

type StatementInput = z.output<typeof consoleStatement.input>;
type Statement = z.input<typeof ZStatement>;

/** The month's first and last days. */
export function monthDays(month: string): { from: string; to: string } {
  const first = new Date(`${month}-01T00:00:00Z`);
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0));
  return { from: `${month}-01`, to: last.toISOString().slice(0, 10) };
}

/**
 * An operator's statement for a month (`statements.read`): an admin's of any operator, an
 * owner's or accountant's of their own. A grant narrowed to some areas covers no statement, and
 * another operator's answers 404, as one that does not exist (ADR 033's rule for orders).
 */
export async function getStatement(
  ctx: ServiceContext,
  input: StatementInput,
): Promise<{ statement: Statement | null; operators: { id: number; name: string }[] }> {
  requireStaffAccess(ctx, 'statements.read');
  const operators = await findStatementOperators(ctx.db, staffListScope(ctx, 'statements.read'));
  const operatorId = input.operator_id ?? operators[0]?.id;
  if (operatorId === undefined) return { statement: null, operators };
  if (!operators.some((operator) => operator.id === operatorId)) {
    // An admin's list is capped; any operator that exists is theirs to read.
    const unsafeOperator = await findOperatorForStatement(ctx.db, operatorId);
    if (!unsafeOperator || !staffListScope(ctx, 'statements.read').everywhere)
      throw new AppError('NOT_FOUND', 404);
  }
  requireStaffAccess(ctx, 'statements.read', { operatorId });
  const operator = await findOperatorForStatement(ctx.db, operatorId);
  if (!operator) throw new AppError('NOT_FOUND', 404);
  const rates = await findCommissionRates(ctx.db, operator.id);
  // The month is charged at the rate in force in it, whatever was set for later months (ADR 042).
  const commissionBps = rateInForce(rates, input.month) ?? 0;
  const { from, to } = monthDays(input.month);
  const rows = await findSales(
    ctx.db,
    { everywhere: false, operatorIds: [operator.id], areaIds: [] },
    { from, to, grain: 'month', split: 'ticket' },
  );
  const labels = new Map(
    (
      await findKeyLabels(
        ctx.db,
        'ticket',
        rows.map((row) => row.key),
        ctx.lang,
      )
    ).map((entry) => [entry.key, entry.label]),
  );
  const lines = rows
    .map((row) => ({
      ticket_id: row.key,
      label: labels.get(row.key) ?? String(row.key),
      orders: row.orders,
      sales_cents: row.gross_cents,
      on_site_cents: row.on_site_cents,
      refunds_cents: row.refunds_cents,
      net_cents: row.gross_cents - row.refunds_cents,
    }))
    // Check-ins alone make a row of figures, not a line of money.
    .filter((line) => line.orders > 0 || line.refunds_cents !== 0)
    .sort((a, b) => a.label.localeCompare(b.label, ctx.lang) || a.ticket_id - b.ticket_id);
  return {
    statement: {
      operator: {
        id: operator.id,
        name: operator.name,
        vat_number: operator.vatNumber,
        commission_bps: commissionBps,
      },
      commission_rates: toCommissionRates(rates),
      month: input.month,
      lines,
      totals: statementTotals(lines, commissionBps),
    },
    operators,
  };
}

async function requireStatement(ctx: ServiceContext, input: StatementInput): Promise<Statement> {
  const { statement } = await getStatement(ctx, input);
  if (!statement) throw new AppError('NOT_FOUND', 404);
  return statement;
}

function fileName(statement: Statement, extension: string): string {
  const slug = statement.operator.name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .join('-')
    .toLowerCase();
  return `statement-${slug || statement.operator.id}-${statement.month}.${extension}`;
}

/** The statement as CSV: a line per ticket, then the totals, commission and amount owed. */
export async function getStatementCsv(ctx: ServiceContext, input: StatementInput) {
  const statement = await requireStatement(ctx, input);
  const money = (cents: number) => euros(cents, ctx.lang);
  const { totals } = statement;
  const body = writeCsv(
    [
      'month',
      'operator',
      'ticket_id',
      'ticket',
      'orders',
      'sales_eur',
      'on_site_eur',
      'refunds_eur',
      'net_eur',
      'commission_eur',
      'owed_eur',
    ],
    [
      ...statement.lines.map((line) => [
        statement.month,
        statement.operator.name,
        line.ticket_id,
        line.label,
        line.orders,
        money(line.sales_cents),
        money(line.on_site_cents),
        money(line.refunds_cents),
        money(line.net_cents),
        null,
        null,
      ]),
      [
        statement.month,
        statement.operator.name,
        null,
        'total',
        totals.orders,
        money(totals.sales_cents),
        money(totals.on_site_cents),
        money(totals.refunds_cents),
        money(totals.net_cents),
        money(totals.commission_cents),
        money(totals.owed_cents),
      ],
    ],
  );
  return { filename: fileName(statement, 'csv'), body };
}

export async function getStatementPdf(ctx: ServiceContext, input: StatementInput) {
  const statement = await requireStatement(ctx, input);
  const pdf = await statementPdf(statement, { language: ctx.lang, brand: ctx.config.brand });
  return { filename: fileName(statement, 'pdf'), body: pdf };
}
