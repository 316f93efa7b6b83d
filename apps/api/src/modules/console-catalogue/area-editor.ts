import { isDeepStrictEqual } from 'node:util';
import type { AreaFields, ConsoleArea } from '@sentiero/contract/console-areas';
import { LANGUAGES, type LocalizedText } from '@sentiero/contract/languages';
import { type AreaTexts, findAreaProblems, findMissingAreaTexts } from '@sentiero/contract/rules/area-texts';
import { rulesDocumentUrl } from '@sentiero/contract/rules-document-files';
import type { AuditChanges } from '@sentiero/db/schema';
import { requireStaffAccess, staffListScope } from '../../platform/access.ts';
import { auditStaffChange } from '../../platform/audit.ts';
import type { ServiceContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { listCataloguePhotos } from '../catalogue-photos/index.ts';
import { type AreaRow, type AreaValues, findAreaForEditor, updateArea } from './area-repo.ts';
import { everyLanguage } from './ticket-view.ts';

/*
 * The console's area editor (issue 23): an area's texts in every language, its rules and daily
 * limit, read and changed by staff holding the catalogue's permission over it — another
 * operator's area, or one outside a narrowed grant, is 404 — each change audited field by field
 * in the transaction that makes it.
 */

const hasText = (text: LocalizedText) => LANGUAGES.some((language) => text[language].trim() !== '');

const areaTexts = (
  row: Pick<AreaRow, 'name' | 'summary' | 'description' | 'rules' | 'limits'>,
): AreaTexts => ({
  name: row.name,
  summary: row.summary,
  description: row.description,
  rules: row.rules,
  limits: row.limits,
});

/** The area, if the staff member holds `permission` over it; 404 otherwise (ADR 033). */
async function requireArea(
  ctx: ServiceContext,
  permission: 'catalogue.read' | 'catalogue.write',
  id: number,
  tx?: Parameters<typeof findAreaForEditor>[0],
) {
  requireStaffAccess(ctx, permission);
  const found = await findAreaForEditor(tx ?? ctx.db, staffListScope(ctx, permission), id, {
    forUpdate: tx !== undefined,
  });
  if (!found) throw new AppError('NOT_FOUND', 404);
  // The scope was applied in the query; the rule is asked again about what was found.
  const staff = requireStaffAccess(ctx, permission, { operatorId: found.area.operatorId, areaId: id });
  return { staff, ...found };
}

async function toConsoleArea(
  ctx: ServiceContext,
  found: Awaited<ReturnType<typeof requireArea>>,
): Promise<ConsoleArea> {
  const { area } = found;
  return {
    id: area.id,
    slug: area.slug,
    operator: found.operatorName,
    available: area.available,
    fields: {
      name: everyLanguage(area.name),
      summary: everyLanguage(area.summary),
      description: everyLanguage(area.description),
      rules: everyLanguage(area.rules),
      limits: everyLanguage(area.limits),
      daily_limit_g: area.dailyLimitG,
    },
    missing: findMissingAreaTexts(areaTexts(area)),
    photos: await listCataloguePhotos(ctx, { areaId: area.id }),
    rules_document: found.documentVersion
      ? rulesDocumentUrl({ areaId: area.id }, found.documentVersion)
      : null,
  };
}

export async function readArea(ctx: ServiceContext, id: number): Promise<ConsoleArea> {
  return toConsoleArea(ctx, await requireArea(ctx, 'catalogue.read', id));
}

function toValues(fields: AreaFields): AreaValues {
  return {
    name: fields.name,
    summary: fields.summary,
    description: fields.description,
    rules: fields.rules,
    // An area without limits has none, rather than five empty texts.
    limits: hasText(fields.limits) ? fields.limits : null,
    dailyLimitG: fields.daily_limit_g,
  };
}

export async function editArea(ctx: ServiceContext, id: number, fields: AreaFields): Promise<ConsoleArea> {
  const values = toValues(fields);
  const problems = findAreaProblems(areaTexts(values as AreaRow));
  if (problems.length > 0) {
    throw new AppError(
      'VALIDATION_FAILED',
      400,
      Object.fromEntries(problems.map((key) => [key, 'required'])),
    );
  }
  await ctx.db.transaction(async (tx) => {
    const found = await requireArea(ctx, 'catalogue.write', id, tx);
    const changes: AuditChanges = {};
    for (const [field, value] of Object.entries(values)) {
      const before = found.area[field as keyof AreaValues];
      if (!isDeepStrictEqual(before ?? null, value ?? null)) changes[field] = [before ?? null, value ?? null];
    }
    if (Object.keys(changes).length === 0) return;
    await updateArea(tx, id, values, 'name' in changes);
    await auditStaffChange(tx, ctx, found.staff, {
      operatorId: found.area.operatorId,
      action: 'area.update',
      targetType: 'area',
      targetId: id,
      changes,
    });
  });
  return readArea(ctx, id);
}
