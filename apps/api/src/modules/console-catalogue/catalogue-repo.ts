import type { ListScope } from '@sentiero/contract/access';
import type { Language } from '@sentiero/contract/languages';
import type { TicketStatus } from '@sentiero/contract/rules/ticket-publishing';
import type { Db, Transaction } from '@sentiero/db/client';
import { localized } from '@sentiero/db/localized';
import {
  activityTypes,
  areas,
  catalogueDocuments,
  categories,
  countries,
  operators,
  serviceTags,
  ticketServiceTags,
  tickets,
} from '@sentiero/db/schema';
import { refreshTicketListing } from '@sentiero/db/search-index';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { areaInScope } from '../../platform/scope-repo.ts';

/*
 * The console's catalogue queries. Every list and every read of one ticket or area takes the
 * staff member's list scope and applies it in the query (as the console's orders, ADR 033): an
 * area is in scope when it is one of the operator's or one the grant is narrowed to.
 */

export type TicketRow = typeof tickets.$inferSelect;
export type TicketValues = Omit<typeof tickets.$inferInsert, 'id' | 'slug' | 'createdAt' | 'popularity'>;

const areaRef = (language: Language) => ({
  areaId: areas.id,
  areaName: localized(areas.name, language),
  operatorId: areas.operatorId,
  operatorName: operators.name,
  timeZone: areas.timeZone,
});

export async function findAreaPage(
  db: Db,
  language: Language,
  scope: ListScope,
  page: { limit: number; offset: number },
) {
  const where = areaInScope(scope);
  const countBy = (status: TicketStatus) =>
    sql<number>`(select count(*)::int from ${tickets} where ${tickets.areaId} = ${areas.id} and ${tickets.status} = ${status})`;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        ...areaRef(language),
        available: areas.available,
        texts: {
          name: areas.name,
          summary: areas.summary,
          description: areas.description,
          rules: areas.rules,
          limits: areas.limits,
        },
        draft: countBy('draft'),
        published: countBy('published'),
        unpublished: countBy('unpublished'),
        documentVersion: sql<
          string | null
        >`(select d.version from ${catalogueDocuments} d where d.area_id = ${areas.id})`,
      })
      .from(areas)
      .innerJoin(operators, eq(operators.id, areas.operatorId))
      .where(where)
      .orderBy(asc(operators.name), asc(localized(areas.name, language)), asc(areas.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(areas).where(where),
  ]);
  return { rows, total: total?.total ?? 0 };
}

/** An area, if it is in the scope: where it is and whose. */
export async function findAreaInScope(db: Db, language: Language, scope: ListScope, areaId: number) {
  const [row] = await db
    .select(areaRef(language))
    .from(areas)
    .innerJoin(operators, eq(operators.id, areas.operatorId))
    .where(and(eq(areas.id, areaId), areaInScope(scope)));
  return row;
}

export type TicketSearch = { areaId?: number; status?: TicketStatus; text?: string };

export async function findTicketPage(
  db: Db,
  language: Language,
  scope: ListScope,
  search: TicketSearch,
  page: { limit: number; offset: number },
) {
  const where = and(
    areaInScope(scope),
    search.areaId ? eq(tickets.areaId, search.areaId) : undefined,
    search.status ? eq(tickets.status, search.status) : undefined,
    search.text
      ? sql`exists (select 1 from jsonb_each_text(${tickets.title}) as title(language, text)
          where title.text ilike ${`%${search.text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`})`
      : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: tickets.id,
        title: localized(tickets.title, language),
        ...areaRef(language),
        status: tickets.status,
        durationType: tickets.durationType,
        priceCents: tickets.priceCents,
        texts: {
          title: tickets.title,
          description: tickets.description,
          rules: tickets.rules,
          meetingPoint: tickets.meetingPoint,
        },
        updatedAt: tickets.updatedAt,
      })
      .from(tickets)
      .innerJoin(areas, eq(areas.id, tickets.areaId))
      .innerJoin(operators, eq(operators.id, areas.operatorId))
      .where(where)
      .orderBy(desc(tickets.updatedAt), desc(tickets.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(tickets).innerJoin(areas, eq(areas.id, tickets.areaId)).where(where),
  ]);
  return { rows, total: total?.total ?? 0 };
}

/**
 * A ticket with its area's name and operator, if it is in the scope; `forUpdate` locks the row
 * for the transaction that changes it, so two editors' audit lines each see the other's change.
 */
export async function findTicketInScope(
  db: Db | Transaction,
  language: Language,
  scope: ListScope,
  id: number,
  { forUpdate = false }: { forUpdate?: boolean } = {},
) {
  const query = db
    .select({
      ticket: tickets,
      ...areaRef(language),
      serviceTagIds: sql<
        number[]
      >`coalesce((select array_agg(s.service_tag_id order by s.service_tag_id) from ${ticketServiceTags} s where s.ticket_id = ${tickets.id}), '{}')`,
      documentVersion: sql<
        string | null
      >`(select d.version from ${catalogueDocuments} d where d.ticket_id = ${tickets.id})`,
    })
    .from(tickets)
    .innerJoin(areas, eq(areas.id, tickets.areaId))
    .innerJoin(operators, eq(operators.id, areas.operatorId))
    .where(and(eq(tickets.id, id), areaInScope(scope)));
  const [row] = await (forUpdate ? query.for('update', { of: tickets }) : query);
  return row;
}

export type ScopedTicket = NonNullable<Awaited<ReturnType<typeof findTicketInScope>>>;

/** Writes a new ticket with its service tags; its listing follows its status (a draft has none). */
export async function insertTicket(
  tx: Transaction,
  values: TicketValues & { slug: string },
  tagIds: number[],
) {
  const [row] = await tx.insert(tickets).values(values).returning({ id: tickets.id });
  if (!row) throw new Error('the ticket was not written');
  await writeServiceTags(tx, row.id, tagIds);
  await refreshTicketListing(tx, row.id);
  return row.id;
}

/** Changes a ticket and its service tags, and writes again what listings and search read of it. */
export async function updateTicket(
  tx: Transaction,
  id: number,
  values: Partial<TicketValues>,
  tagIds: number[] | undefined,
  now: Date,
) {
  await tx
    .update(tickets)
    .set({ ...values, updatedAt: now })
    .where(eq(tickets.id, id));
  if (tagIds) {
    await tx.delete(ticketServiceTags).where(eq(ticketServiceTags.ticketId, id));
    await writeServiceTags(tx, id, tagIds);
  }
  await refreshTicketListing(tx, id);
}

async function writeServiceTags(tx: Transaction, ticketId: number, tagIds: number[]) {
  if (tagIds.length === 0) return;
  await tx.insert(ticketServiceTags).values(tagIds.map((serviceTagId) => ({ ticketId, serviceTagId })));
}

/** Whether a slug is taken already. */
export async function isSlugTaken(db: Db | Transaction, slug: string): Promise<boolean> {
  const rows = await db.select({ id: tickets.id }).from(tickets).where(eq(tickets.slug, slug)).limit(1);
  return rows.length > 0;
}

/** Which of the referenced rows exist: the editor's choices, checked before a write. */
export async function findMissingReferences(
  db: Db | Transaction,
  refs: { categoryId: number; activityTypeId: number; serviceTagIds: number[] },
) {
  const exists = async (table: typeof categories | typeof activityTypes, id: number) =>
    (await db.select({ id: table.id }).from(table).where(eq(table.id, id))).length > 0;
  const tags = refs.serviceTagIds.length
    ? await db
        .select({ id: serviceTags.id })
        .from(serviceTags)
        .where(inArray(serviceTags.id, refs.serviceTagIds))
    : [];
  const missing: Record<string, string> = {};
  if (!(await exists(categories, refs.categoryId))) missing.category_id = 'invalid';
  if (!(await exists(activityTypes, refs.activityTypeId))) missing.activity_type_id = 'invalid';
  if (tags.length !== new Set(refs.serviceTagIds).size) missing.service_tag_ids = 'invalid';
  return missing;
}

/** The editor's lists, in the request's language. */
export async function findEditorOptions(db: Db, language: Language) {
  const [categoryRows, activityRows, tagRows, countryRows] = await Promise.all([
    db
      .select({ id: categories.id, name: localized(categories.name, language) })
      .from(categories)
      .orderBy(asc(categories.sortOrder), asc(categories.id)),
    db
      .select({ id: activityTypes.id, name: localized(activityTypes.name, language) })
      .from(activityTypes)
      .orderBy(asc(activityTypes.sortOrder), asc(activityTypes.id)),
    db
      .select({ id: serviceTags.id, name: localized(serviceTags.name, language) })
      .from(serviceTags)
      .orderBy(asc(serviceTags.id)),
    db
      .select({ code: countries.code, name: localized(countries.name, language) })
      .from(countries)
      .orderBy(asc(countries.sortOrder)),
  ]);
  return { categoryRows, activityRows, tagRows, countryRows };
}
