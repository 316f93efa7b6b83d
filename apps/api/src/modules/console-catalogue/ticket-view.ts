import type { CountryCode } from '@sentiero/contract/common';
import type { ConsoleTicket } from '@sentiero/contract/console-catalogue';
import { LANGUAGES, type Language, type LocalizedText } from '@sentiero/contract/languages';
import {
  findMissingTexts,
  findPublishingProblems,
  type TicketTexts,
} from '@sentiero/contract/rules/ticket-publishing';
import { rulesDocumentUrl } from '@sentiero/contract/rules-document-files';
import type { ServiceContext } from '../../platform/context.ts';
import { listCataloguePhotos } from '../catalogue-photos/index.ts';
import type { ScopedTicket, TicketRow } from './catalogue-repo.ts';

/** Every language's text, empty where there is none: what the editor's tabs show. */
export function everyLanguage(text: Partial<LocalizedText> | null): LocalizedText {
  return Object.fromEntries(LANGUAGES.map((language) => [language, text?.[language] ?? ''])) as LocalizedText;
}

export function ticketTexts(
  row: Pick<TicketRow, 'title' | 'description' | 'rules' | 'meetingPoint'>,
): TicketTexts {
  return {
    title: row.title,
    description: row.description,
    rules: row.rules,
    meeting_point: row.meetingPoint,
  };
}

/** Languages with a text missing, for the list's flags. */
export function missingLanguages(texts: TicketTexts): Language[] {
  return Object.keys(findMissingTexts(texts)) as Language[];
}

/** The ticket as the console's editor reads it: every field, every language, what is missing. */
export async function toConsoleTicket(ctx: ServiceContext, found: ScopedTicket): Promise<ConsoleTicket> {
  const { ticket } = found;
  const texts = ticketTexts(ticket);
  return {
    id: ticket.id,
    slug: ticket.slug,
    status: ticket.status,
    area: { id: found.areaId, name: found.areaName, operator: found.operatorName },
    fields: {
      area_id: ticket.areaId,
      category_id: ticket.categoryId,
      activity_type_id: ticket.activityTypeId,
      title: everyLanguage(ticket.title),
      description: everyLanguage(ticket.description),
      rules: everyLanguage(ticket.rules),
      meeting_point: everyLanguage(ticket.meetingPoint),
      duration_type: ticket.durationType,
      duration_hours: ticket.durationHours,
      season: ticket.season,
      sale_from: ticket.saleFrom,
      sale_until: ticket.saleUntil,
      price_cents: ticket.priceCents,
      discounted_price_cents: ticket.discountedPriceCents,
      member_price_cents: ticket.memberPriceCents,
      open_days: ticket.openDays,
      daily_capacity: ticket.dailyCapacity,
      resident_countries: (ticket.residentCountries as CountryCode[] | null) ?? null,
      requires_fishing_card: ticket.requiresFishingCard,
      min_age: ticket.minAge,
      max_usage: ticket.maxUsage,
      cancellation_rule: ticket.cancellationRule,
      languages: ticket.languages,
      service_tag_ids: found.serviceTagIds,
    },
    missing: findMissingTexts(texts),
    publish_problems: findPublishingProblems(texts),
    photos: await listCataloguePhotos(ctx, { ticketId: ticket.id }),
    rules_document: found.documentVersion
      ? rulesDocumentUrl({ ticketId: ticket.id }, found.documentVersion)
      : null,
    updated_at: ticket.updatedAt.toISOString(),
  };
}
