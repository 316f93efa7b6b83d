import { FISHING_CARD, type Guest } from '@sentiero/contract/checkout';
import {
  type DurationType,
  datesMatchDuration,
  findSeasonContaining,
  isoWeekday,
  parseCalendarDate,
  type Season,
} from '@sentiero/contract/durations';
import { checkItalianFiscalCode } from '@sentiero/contract/fiscal-code';

/** What the guest rules need to know of a ticket. */
export type TicketRules = {
  durationType: DurationType;
  season: Season | null;
  openDays: number[];
  minAge: number;
  requiresFishingCard: boolean;
  residentCountries: string[] | null;
};

/**
 * The first problem of each guest, as `guests.<i>.<field>` → a key of the `field` messages.
 * Checked again here whatever the client checked (SPEC section 5, issue 5).
 */
export function findGuestProblems(
  ticket: TicketRules,
  guests: Guest[],
  today: string,
): Record<string, string> {
  const problems: Record<string, string> = {};
  guests.forEach((guest, index) => {
    const at = (name: string, key: string) => {
      problems[`guests.${index}.${name}`] ??= key;
    };
    const start = parseCalendarDate(guest.start_date);
    if (!start || guest.start_date < today) at('start_date', 'invalidDate');
    else if (guest.end_date < guest.start_date) at('end_date', 'invalidDate');
    else if (
      !datesMatchDuration(ticket.durationType, guest.start_date, guest.end_date, ticket.season ?? undefined)
    ) {
      at('end_date', 'durationMismatch');
    } else if (
      !ticket.openDays.includes(isoWeekday(start)) ||
      (ticket.season && !findSeasonContaining(ticket.season, start))
    ) {
      at('start_date', 'closedDay');
    }

    if (ticket.minAge > 0) {
      // Only the year is asked (SPEC's year picker): judged by the year the activity starts in.
      const startYear = Number(guest.start_date.slice(0, 4));
      if (guest.birth_year === undefined) at('birth_year', 'invalidBirthYear');
      else if (guest.birth_year > startYear) at('birth_year', 'invalidBirthYear');
      else if (startYear - guest.birth_year < ticket.minAge) at('birth_year', 'tooYoung');
    }

    if (ticket.requiresFishingCard && !FISHING_CARD.test(guest.card_number ?? ''))
      at('card_number', 'cardNumber');

    if (ticket.residentCountries) {
      if (!guest.country || !ticket.residentCountries.includes(guest.country)) at('country', 'residentsOnly');
      else if (guest.country === 'IT' && !checkItalianFiscalCode(guest.fiscal_code ?? '')) {
        at('fiscal_code', 'invalidFiscalCode');
      }
    }
  });
  return problems;
}
