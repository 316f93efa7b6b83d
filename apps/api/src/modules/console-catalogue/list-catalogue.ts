import type { CountryCode } from '@sentiero/contract/common';
import {
  CATALOGUE_AREAS_PAGE_SIZE,
  CATALOGUE_TICKETS_PAGE_SIZE,
  type consoleCatalogueTickets,
} from '@sentiero/contract/console-catalogue';
import type { Language } from '@sentiero/contract/languages';
import { pageCount } from '@sentiero/contract/paging';
import { findMissingAreaTexts } from '@sentiero/contract/rules/area-texts';
import { rulesDocumentUrl } from '@sentiero/contract/rules-document-files';
import type { z } from 'zod';
import { requireStaffAccess, staffListScope } from '../../platform/access.ts';
import type { ServiceContext } from '../../platform/context.ts';
import { findAreaPage, findEditorOptions, findTicketPage } from './catalogue-repo.ts';
import { missingLanguages } from './ticket-view.ts';

/** The areas whose catalogue the staff member runs (`catalogue.read`'s scope, applied in the query). */
export async function listCatalogueAreas(ctx: ServiceContext, page: number) {
  requireStaffAccess(ctx, 'catalogue.read');
  const { rows, total } = await findAreaPage(ctx.db, ctx.lang, staffListScope(ctx, 'catalogue.read'), {
    limit: CATALOGUE_AREAS_PAGE_SIZE,
    offset: (page - 1) * CATALOGUE_AREAS_PAGE_SIZE,
  });
  return {
    areas: rows.map((row) => ({
      id: row.areaId,
      name: row.areaName,
      operator: row.operatorName,
      available: row.available,
      missing_languages: Object.keys(findMissingAreaTexts(row.texts)) as Language[],
      tickets: { draft: row.draft, published: row.published, unpublished: row.unpublished },
      rules_document: row.documentVersion
        ? rulesDocumentUrl({ areaId: row.areaId }, row.documentVersion)
        : null,
    })),
    page,
    pages: pageCount(total, CATALOGUE_AREAS_PAGE_SIZE),
    total,
  };
}

/** The tickets the staff member may see, newest change first. */
export async function listCatalogueTickets(
  ctx: ServiceContext,
  input: z.output<typeof consoleCatalogueTickets.input>,
) {
  requireStaffAccess(ctx, 'catalogue.read');
  const { rows, total } = await findTicketPage(
    ctx.db,
    ctx.lang,
    staffListScope(ctx, 'catalogue.read'),
    { areaId: input.area_id, status: input.status, text: input.q },
    { limit: CATALOGUE_TICKETS_PAGE_SIZE, offset: (input.page - 1) * CATALOGUE_TICKETS_PAGE_SIZE },
  );
  return {
    tickets: rows.map((row) => ({
      id: row.id,
      title: row.title,
      area: { id: row.areaId, name: row.areaName, operator: row.operatorName },
      status: row.status,
      duration_type: row.durationType,
      price_cents: row.priceCents,
      missing_languages: missingLanguages({
        title: row.texts.title,
        description: row.texts.description,
        rules: row.texts.rules,
        meeting_point: row.texts.meetingPoint,
      }),
      updated_at: row.updatedAt.toISOString(),
    })),
    page: input.page,
    pages: pageCount(total, CATALOGUE_TICKETS_PAGE_SIZE),
    total,
  };
}

/** The editor's choices, the same for every operator. */
export async function listEditorOptions(ctx: ServiceContext) {
  requireStaffAccess(ctx, 'catalogue.read');
  const options = await findEditorOptions(ctx.db, ctx.lang);
  return {
    categories: options.categoryRows,
    activity_types: options.activityRows,
    service_tags: options.tagRows,
    countries: options.countryRows.map((row) => ({ code: row.code as CountryCode, name: row.name })),
  };
}
