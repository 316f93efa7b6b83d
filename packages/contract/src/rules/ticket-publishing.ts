import { LANGUAGES, type Language, type LocalizedText } from '../languages.ts';

/*
 * A ticket's life in the catalogue (issue 23): an operator writes a draft, publishes it, and may
 * unpublish it later. Only a published ticket is listed, shown and sold. The console flags the
 * texts missing in each language as the operator types, and the server refuses to publish a
 * ticket whose texts are missing in the languages every other one falls back to.
 */

export const TICKET_STATUSES = ['draft', 'published', 'unpublished'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

/** The texts of a ticket, per language; the meeting point only where a ticket has one. */
export const TICKET_TEXT_FIELDS = ['title', 'description', 'rules', 'meeting_point'] as const;
export type TicketTextField = (typeof TICKET_TEXT_FIELDS)[number];

/** Texts a ticket must have in a language before it can be published in it. */
export const REQUIRED_TICKET_TEXTS = ['title', 'description', 'rules'] as const;

/**
 * Italian for the home market, English for everyone else: every other language falls back to
 * English (`localized`), so a ticket is published only when both are written.
 */
export const PUBLISHING_LANGUAGES: readonly Language[] = ['it', 'en'];

export type TicketTexts = Record<TicketTextField, Partial<LocalizedText> | null>;

/**
 * Per language, the texts that are missing: the required ones, and the meeting point where the
 * ticket has one in some language but not in this one. Languages with nothing missing are left out.
 */
export function findMissingTexts(texts: TicketTexts): Partial<Record<Language, TicketTextField[]>> {
  const hasMeetingPoint = LANGUAGES.some((language) => Boolean(texts.meeting_point?.[language]?.trim()));
  const fields: TicketTextField[] = hasMeetingPoint
    ? [...REQUIRED_TICKET_TEXTS, 'meeting_point']
    : [...REQUIRED_TICKET_TEXTS];
  const missing: Partial<Record<Language, TicketTextField[]>> = {};
  for (const language of LANGUAGES) {
    const empty = fields.filter((field) => !texts[field]?.[language]?.trim());
    if (empty.length > 0) missing[language] = empty;
  }
  return missing;
}

/** What stops a ticket from being published: the texts missing in Italian or English, by `it.title`-like keys. */
export function findPublishingProblems(texts: TicketTexts): string[] {
  const missing = findMissingTexts(texts);
  return PUBLISHING_LANGUAGES.flatMap((language) =>
    (missing[language] ?? [])
      .filter((field) => field !== 'meeting_point')
      .map((field) => `${field}.${language}`),
  );
}
