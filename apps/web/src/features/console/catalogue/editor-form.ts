import type { TicketFieldsInput } from '@sentiero/contract/console-catalogue';
import { LANGUAGES, type Language, type LocalizedText } from '@sentiero/contract/languages';
import {
  CANCELLATION_PRESETS,
  type CancellationKind,
  type CancellationRule,
} from '@sentiero/contract/rules/cancellation';
import { findMissingTexts, type TicketTextField } from '@sentiero/contract/rules/ticket-publishing';
import type { ConsoleTicket } from './api.ts';

/*
 * The ticket editor's form: the ticket's fields as inputs hold them (prices as euros typed,
 * numbers as text), and back to the fields the API takes. The missing texts are the contract's
 * rule, so the tabs flag what the server would.
 */

export type TicketForm = {
  area_id: string;
  category_id: string;
  activity_type_id: string;
  cancellation: CancellationForm;
  title: LocalizedText;
  description: LocalizedText;
  rules: LocalizedText;
  meeting_point: LocalizedText;
  duration_type: string;
  duration_hours: string;
  season_start: string;
  season_end: string;
  sale_from: string;
  sale_until: string;
  price: string;
  discounted_price: string;
  member_price: string;
  open_days: number[];
  daily_capacity: string;
  resident_countries: string[];
  requires_fishing_card: boolean;
  min_age: string;
  max_usage: string;
  languages: Language[];
  service_tag_ids: number[];
};

/** A cancellation rule as its inputs hold it (ADR 045): days and percents as typed, the fee in euros. */
export type CancellationForm = {
  kind: CancellationKind;
  tiers: { days: string; percent: string }[];
  fee: string;
  move_allowed: boolean;
};

export function cancellationForm(rule: CancellationRule): CancellationForm {
  // A rule without tiers starts its tiers from the usual two, for when the kind is switched.
  const tiers = rule.kind === 'tiers' ? rule.tiers : CANCELLATION_PRESETS.moderate.tiers;
  return {
    kind: rule.kind,
    tiers: tiers.map((tier) => ({ days: String(tier.days), percent: String(tier.percent) })),
    fee: rule.fee_cents > 0 ? euros(rule.fee_cents) : '',
    move_allowed: rule.move_allowed,
  };
}

export function toCancellationRule(
  form: CancellationForm,
  number: (value: string) => number,
  cents: (value: string) => number,
): CancellationRule {
  return {
    kind: form.kind,
    tiers:
      form.kind === 'tiers'
        ? form.tiers.map((tier) => ({ days: number(tier.days), percent: number(tier.percent) }))
        : [],
    fee_cents: form.fee.trim() === '' ? 0 : cents(form.fee),
    move_allowed: form.move_allowed,
  };
}

const emptyText = (): LocalizedText =>
  Object.fromEntries(LANGUAGES.map((language) => [language, ''])) as LocalizedText;

const euros = (cents: number | null) => (cents === null ? '' : (cents / 100).toFixed(2));
const text = (value: number | null) => (value === null ? '' : String(value));

/** A new ticket's form: open every day, in Italian and English, all year. */
export function newTicketForm(areaId: number | undefined): TicketForm {
  return {
    area_id: areaId ? String(areaId) : '',
    category_id: '',
    activity_type_id: '',
    cancellation: cancellationForm(CANCELLATION_PRESETS.moderate),
    title: emptyText(),
    description: emptyText(),
    rules: emptyText(),
    meeting_point: emptyText(),
    duration_type: 'DAILY',
    duration_hours: '',
    season_start: '',
    season_end: '',
    sale_from: '',
    sale_until: '',
    price: '',
    discounted_price: '',
    member_price: '',
    open_days: [1, 2, 3, 4, 5, 6, 7],
    daily_capacity: '',
    resident_countries: [],
    requires_fishing_card: false,
    min_age: '0',
    max_usage: '',
    languages: ['it', 'en'],
    service_tag_ids: [],
  };
}

export function ticketForm(fields: ConsoleTicket['fields']): TicketForm {
  return {
    area_id: String(fields.area_id),
    category_id: String(fields.category_id),
    activity_type_id: String(fields.activity_type_id),
    cancellation: cancellationForm(fields.cancellation_rule),
    title: fields.title,
    description: fields.description,
    rules: fields.rules,
    meeting_point: fields.meeting_point,
    duration_type: fields.duration_type,
    duration_hours: text(fields.duration_hours),
    season_start: fields.season?.start ?? '',
    season_end: fields.season?.end ?? '',
    sale_from: fields.sale_from ?? '',
    sale_until: fields.sale_until ?? '',
    price: euros(fields.price_cents),
    discounted_price: euros(fields.discounted_price_cents),
    member_price: euros(fields.member_price_cents),
    open_days: fields.open_days,
    daily_capacity: text(fields.daily_capacity),
    resident_countries: fields.resident_countries ?? [],
    requires_fishing_card: fields.requires_fishing_card,
    min_age: String(fields.min_age),
    max_usage: text(fields.max_usage),
    languages: fields.languages,
    service_tag_ids: fields.service_tag_ids,
  };
}

/** Euros as typed (`35`, `35,50`, `35.5`) in cents; NaN for anything else, which the API refuses by field. */
export function parseEuros(value: string): number {
  const trimmed = value.trim().replace(',', '.');
  if (!/^\d+(\.\d{1,2})?$/.test(trimmed)) return Number.NaN;
  return Math.round(Number(trimmed) * 100);
}

const orNull = <T>(value: string, parse: (value: string) => T): T | null =>
  value.trim() === '' ? null : parse(value);

/** The fields the API takes; a value that is not a number goes as NaN-free `-1`, refused with its field's message. */
export function toTicketFields(form: TicketForm): TicketFieldsInput {
  const number = (value: string) => {
    const parsed = Number(value.trim().replace(',', '.'));
    return Number.isFinite(parsed) ? parsed : -1;
  };
  const cents = (value: string) => {
    const parsed = parseEuros(value);
    return Number.isNaN(parsed) ? -1 : parsed;
  };
  return {
    area_id: Number(form.area_id),
    category_id: Number(form.category_id),
    activity_type_id: Number(form.activity_type_id),
    cancellation_rule: toCancellationRule(form.cancellation, number, cents),
    title: form.title,
    description: form.description,
    rules: form.rules,
    meeting_point: form.meeting_point,
    duration_type: form.duration_type as TicketFieldsInput['duration_type'],
    duration_hours: orNull(form.duration_hours, number),
    season: form.season_start || form.season_end ? { start: form.season_start, end: form.season_end } : null,
    sale_from: form.sale_from || null,
    sale_until: form.sale_until || null,
    price_cents: cents(form.price),
    discounted_price_cents: orNull(form.discounted_price, cents),
    member_price_cents: orNull(form.member_price, cents),
    open_days: form.open_days,
    daily_capacity: orNull(form.daily_capacity, number),
    resident_countries: form.resident_countries.length
      ? (form.resident_countries as NonNullable<TicketFieldsInput['resident_countries']>)
      : null,
    requires_fishing_card: form.requires_fishing_card,
    min_age: number(form.min_age || '0'),
    max_usage: orNull(form.max_usage, number),
    languages: form.languages,
    service_tag_ids: form.service_tag_ids,
  };
}

/** Per language, the texts the form is missing: the contract's rule, as the server applies it. */
export function missingTexts(form: TicketForm): Partial<Record<Language, TicketTextField[]>> {
  return findMissingTexts({
    title: form.title,
    description: form.description,
    rules: form.rules,
    meeting_point: form.meeting_point,
  });
}

/** The API's field messages by the form's field: `ticket.price_cents` → `price`, `ticket.title.en` → `title.en`. */
export function formErrors(fields: Record<string, string>): Record<string, string> {
  const renamed: Record<string, string> = {
    price_cents: 'price',
    discounted_price_cents: 'discounted_price',
    member_price_cents: 'member_price',
    'season.start': 'season_start',
    'season.end': 'season_end',
    season: 'season_start',
    'cancellation_rule.fee_cents': 'cancellation_fee',
  };
  const errors: Record<string, string> = {};
  for (const [path, message] of Object.entries(fields)) {
    const field = path.replace(/^ticket\./, '');
    const name = renamed[field] ?? field.replace(/\.\d+$/, '');
    errors[name] ??= message;
  }
  return errors;
}
