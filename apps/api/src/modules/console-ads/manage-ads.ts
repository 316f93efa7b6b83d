import { randomBytes } from 'node:crypto';
import {
  AD_PAGE_SIZE,
  type ConsoleAd,
  type consoleAdActive,
  type consoleAdCreate,
  type consoleAds,
  type consoleAdUpdate,
} from '@sentiero/contract/console-ads';
import type { Language } from '@sentiero/contract/languages';
import { pageCount } from '@sentiero/contract/paging';
import type { AdPlacement } from '@sentiero/contract/premium';
import type { AuditChanges } from '@sentiero/db/schema';
import type { z } from 'zod';
import { requireStaffAccess } from '../../platform/access.ts';
import { auditStaffChange } from '../../platform/audit.ts';
import type { ServiceContext } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';
import { type AdRow, type AdValues, findAd, findAdPage, insertAd, updateAd } from './ads-repo.ts';

/*
 * The console's advertisements (issue 23, item 4; ADR 038): Sentiero's admins write them; the
 * storefront's slot (premium's `listAds`) shows them to everyone but Sentiero+ members.
 */

export function toConsoleAd(row: AdRow): ConsoleAd {
  return {
    id: row.id,
    kind: row.kind,
    placements: row.placements as AdPlacement[],
    languages: (row.languages as Language[] | null) ?? null,
    texts: row.texts,
    url: row.url,
    image: row.image,
    weight: row.weight,
    active_from: row.activeFrom?.toISOString() ?? null,
    active_until: row.activeUntil?.toISOString() ?? null,
    active: row.active,
    created_at: row.createdAt.toISOString(),
  };
}

/** Each field that changed, before and after, for the audit line (never the picture's bytes). */
export function adChanges(before: AdRow | null, after: AdRow): AuditChanges {
  const changes: AuditChanges = {};
  for (const key of Object.keys(after) as (keyof AdRow)[]) {
    if (key === 'createdAt') continue;
    const was = before ? (before[key] ?? null) : null;
    if (JSON.stringify(was) !== JSON.stringify(after[key] ?? null)) changes[key] = [was, after[key] ?? null];
  }
  return changes;
}

type AdFields = Omit<z.output<typeof consoleAdCreate.input>, 'lng'>;

function valuesOf(fields: AdFields): Omit<AdValues, 'image' | 'active'> {
  // Only the languages shown keep their texts: a text left for a language unticked is dropped.
  const texts = Object.fromEntries(
    fields.languages.flatMap((language) => {
      const text = fields.texts[language];
      return text ? [[language, text]] : [];
    }),
  );
  return {
    kind: fields.kind,
    placements: [...new Set(fields.placements)],
    languages: [...new Set(fields.languages)],
    texts,
    url: fields.url,
    weight: fields.weight,
    activeFrom: fields.active_from ? new Date(fields.active_from) : null,
    activeUntil: fields.active_until ? new Date(fields.active_until) : null,
  };
}

export async function listAdsForConsole(ctx: ServiceContext, input: z.output<typeof consoleAds.input>) {
  requireStaffAccess(ctx, 'ads.manage');
  const { rows, total } = await findAdPage(
    ctx.db,
    { state: input.state, placement: input.placement },
    { limit: AD_PAGE_SIZE, offset: (input.page - 1) * AD_PAGE_SIZE },
  );
  return { ads: rows.map(toConsoleAd), page: input.page, pages: pageCount(total, AD_PAGE_SIZE), total };
}

export async function createAd(ctx: ServiceContext, input: z.output<typeof consoleAdCreate.input>) {
  const staff = requireStaffAccess(ctx, 'ads.manage');
  const id = `ad-${randomBytes(6).toString('hex')}`;
  const row = await ctx.db.transaction(async (tx) => {
    const made = await insertAd(tx, id, { ...valuesOf(input), image: null, active: true });
    await auditStaffChange(tx, ctx, staff, {
      operatorId: null,
      action: 'ad.create',
      targetType: 'ad',
      targetId: id,
      changes: adChanges(null, made),
    });
    return made;
  });
  return { ad: toConsoleAd(row) };
}

export async function updateAdAsStaff(ctx: ServiceContext, input: z.output<typeof consoleAdUpdate.input>) {
  const staff = requireStaffAccess(ctx, 'ads.manage');
  const row = await ctx.db.transaction(async (tx) => {
    const before = await findAd(tx, input.id, { lock: true });
    if (!before) throw notFound();
    const after = await updateAd(tx, before.id, valuesOf(input));
    await auditStaffChange(tx, ctx, staff, {
      operatorId: null,
      action: 'ad.update',
      targetType: 'ad',
      targetId: before.id,
      changes: adChanges(before, after),
    });
    return after;
  });
  return { ad: toConsoleAd(row) };
}

export async function setAdActive(ctx: ServiceContext, input: z.output<typeof consoleAdActive.input>) {
  const staff = requireStaffAccess(ctx, 'ads.manage');
  const row = await ctx.db.transaction(async (tx) => {
    const before = await findAd(tx, input.id, { lock: true });
    if (!before) throw notFound();
    if (before.active === input.active) return before;
    const after = await updateAd(tx, before.id, { active: input.active });
    await auditStaffChange(tx, ctx, staff, {
      operatorId: null,
      action: input.active ? 'ad.activate' : 'ad.deactivate',
      targetType: 'ad',
      targetId: before.id,
      changes: adChanges(before, after),
    });
    return after;
  });
  return { ad: toConsoleAd(row) };
}
