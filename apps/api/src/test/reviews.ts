import { type Browser, createBrowser, type TestApp } from './app.ts';
import type { TestTicket } from './factories.ts';

/* Writing and reading reviews as buyers and readers do (ADR 051). */

// A few days before the tickets' day (2027-06-01, the factory's first day): sessions outlive the wait.
export const BOUGHT = new Date('2027-05-28T08:00:00Z');

/** The morning after a ticket's only day (tickets are bought for 2027-06-01, a DAILY ticket's day). */
export const dayAfter = (ticket: TestTicket) => new Date(`${nextDay(ticket.date)}T07:00:00Z`);
const nextDay = (date: string) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** A five-star review in the buyer's language, unless `fields` say otherwise. */
export function writeReview(browser: Browser, code: string, fields: Record<string, unknown> = {}) {
  return browser.post('/api/app/ticket/review/create?lng=en', {
    code,
    rating: 5,
    text: 'A wonderful morning in the woods with a patient guide.',
    ...fields,
  });
}

/** A ticket's reviews as a visitor reads them. */
export const listReviews = async (sut: TestApp, ticketId: number, lng = 'en', page = 1) =>
  (await createBrowser(sut).get(`/api/app/ticket/review/list?id=${ticketId}&lng=${lng}&page=${page}`)).json();
