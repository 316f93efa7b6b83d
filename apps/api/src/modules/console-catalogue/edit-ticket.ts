import { randomBytes } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import type { TicketFields } from '@sentiero/contract/console-catalogue';
import { LANGUAGES, type LocalizedText } from '@sentiero/contract/languages';
import { normalizeCancellationRule } from '@sentiero/contract/rules/cancellation';
import { findPublishingProblems } from '@sentiero/contract/rules/ticket-publishing';
import type { AuditChanges } from '@sentiero/db/schema';
import { auditStaffChange } from '../../platform/audit.ts';
import type { ServiceContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import {
  findMissingReferences,
  insertTicket,
  isSlugTaken,
  type TicketRow,
  type TicketValues,
  updateTicket,
} from './catalogue-repo.ts';
import { requireAreaInScope, requireTicketInScope } from './ticket-access.ts';
import { ticketTexts, toConsoleTicket } from './ticket-view.ts';

/*
 * Creating and changing a ticket (issue 23): validated by the contract, its references checked,
 * written with what listings and search read of it, and audited with the before and after of
 * each changed field, all in one transaction.
 */

const hasText = (text: LocalizedText) => LANGUAGES.some((language) => text[language].trim() !== '');

/** The row's columns an edit writes, from the editor's fields. */
function toValues(fields: TicketFields): TicketValues {
  return {
    areaId: fields.area_id,
    categoryId: fields.category_id,
    activityTypeId: fields.activity_type_id,
    title: fields.title,
    description: fields.description,
    rules: fields.rules,
    // A ticket without a meeting point (a permit) has none, rather than five empty texts.
    meetingPoint: hasText(fields.meeting_point) ? fields.meeting_point : null,
    durationType: fields.duration_type,
    durationHours: fields.duration_hours,
    season: fields.season,
    saleFrom: fields.sale_from,
    saleUntil: fields.sale_until,
    priceCents: fields.price_cents,
    discountedPriceCents: fields.discounted_price_cents,
    memberPriceCents: fields.member_price_cents,
    openDays: [...fields.open_days].sort(),
    dailyCapacity: fields.daily_capacity,
    residentCountries: fields.resident_countries?.length ? fields.resident_countries : null,
    requiresFishingCard: fields.requires_fishing_card,
    minAge: fields.min_age,
    maxUsage: fields.max_usage,
    cancellationRule: normalizeCancellationRule(fields.cancellation_rule),
    languages: [...new Set(fields.languages)],
  };
}

async function requireReferences(ctx: ServiceContext, fields: TicketFields) {
  const missing = await findMissingReferences(ctx.db, {
    categoryId: fields.category_id,
    activityTypeId: fields.activity_type_id,
    serviceTagIds: fields.service_tag_ids,
  });
  if (Object.keys(missing).length > 0) throw new AppError('VALIDATION_FAILED', 400, missing);
}

/** The refusal of a ticket that cannot be (or stay) published: its missing Italian and English texts. */
function incomplete(problems: string[]) {
  return new AppError('TICKET_INCOMPLETE', 409, Object.fromEntries(problems.map((key) => [key, 'required'])));
}

/** A slug from the ticket's title, made unique: it names the ticket in its URLs for good. */
async function newSlug(ctx: ServiceContext, title: LocalizedText): Promise<string> {
  const base =
    (title.it || title.en || 'ticket')
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 60) || 'ticket';
  for (;;) {
    const slug = `${base}-${randomBytes(3).toString('hex')}`;
    if (!(await isSlugTaken(ctx.db, slug))) return slug;
  }
}

/** What changed, field by field, as the audit log keeps it: `{ field: [before, after] }`. */
function changesBetween(before: Partial<TicketRow>, after: Partial<TicketRow>): AuditChanges {
  const changes: AuditChanges = {};
  for (const [field, value] of Object.entries(after)) {
    const old = before[field as keyof TicketRow];
    if (!isDeepStrictEqual(old ?? null, value ?? null)) changes[field] = [old ?? null, value ?? null];
  }
  return changes;
}

/** A new ticket in one of the staff member's areas, as a draft: nothing shows it until it is published. */
export async function createTicket(ctx: ServiceContext, fields: TicketFields) {
  const area = await requireAreaInScope(ctx, 'catalogue.write', fields.area_id);
  await requireReferences(ctx, fields);
  const values = toValues(fields);
  const slug = await newSlug(ctx, fields.title);
  const id = await ctx.db.transaction(async (tx) => {
    const written = await insertTicket(tx, { ...values, slug, status: 'draft' }, fields.service_tag_ids);
    await auditStaffChange(tx, ctx, area.staff, {
      operatorId: area.operatorId,
      action: 'ticket.create',
      targetType: 'ticket',
      targetId: written,
      changes: changesBetween({}, { ...values, status: 'draft' }),
    });
    return written;
  });
  return toConsoleTicket(ctx, await requireTicketInScope(ctx, 'catalogue.read', id));
}

/** Changes a ticket's fields; moving it to another area needs that area in the staff member's scope too. */
export async function editTicket(ctx: ServiceContext, id: number, fields: TicketFields) {
  await requireTicketInScope(ctx, 'catalogue.write', id);
  await requireAreaInScope(ctx, 'catalogue.write', fields.area_id);
  await requireReferences(ctx, fields);
  await ctx.db.transaction(async (tx) => {
    const found = await requireTicketInScope(ctx, 'catalogue.write', id, tx);
    const values = toValues(fields);
    if (found.ticket.status === 'published') {
      const problems = findPublishingProblems(ticketTexts(values as TicketRow));
      if (problems.length > 0) throw incomplete(problems);
    }
    const before = { ...found.ticket, serviceTagIds: found.serviceTagIds } as Partial<TicketRow>;
    const changes = changesBetween(before, {
      ...values,
      serviceTagIds: fields.service_tag_ids,
    } as Partial<TicketRow>);
    if (Object.keys(changes).length === 0) return;
    await updateTicket(tx, id, values, fields.service_tag_ids, ctx.clock.now());
    await auditStaffChange(tx, ctx, found.staff, {
      operatorId: found.operatorId,
      action: 'ticket.update',
      targetType: 'ticket',
      targetId: id,
      changes,
    });
  });
  return toConsoleTicket(ctx, await requireTicketInScope(ctx, 'catalogue.read', id));
}

/**
 * Publishes or unpublishes a ticket. Publishing needs its texts in Italian and English (every
 * other language falls back to English); a draft never published cannot be unpublished.
 */
export async function setTicketStatus(ctx: ServiceContext, id: number, status: 'published' | 'unpublished') {
  await ctx.db.transaction(async (tx) => {
    const found = await requireTicketInScope(ctx, 'catalogue.write', id, tx);
    const before = found.ticket.status;
    if (before === status) return;
    if (status === 'published') {
      const problems = findPublishingProblems(ticketTexts(found.ticket));
      if (problems.length > 0) throw incomplete(problems);
    }
    if (status === 'unpublished' && before === 'draft') throw new AppError('TICKET_NOT_PUBLISHED', 409);
    await updateTicket(tx, id, { status }, undefined, ctx.clock.now());
    await auditStaffChange(tx, ctx, found.staff, {
      operatorId: found.operatorId,
      action: status === 'published' ? 'ticket.publish' : 'ticket.unpublish',
      targetType: 'ticket',
      targetId: id,
      changes: { status: [before, status] },
    });
  });
  return toConsoleTicket(ctx, await requireTicketInScope(ctx, 'catalogue.read', id));
}
