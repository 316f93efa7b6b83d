import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { auditLog } from '@sentiero/db/schema';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Browser, createTestApp, type TestApp } from '../../test/app.ts';
import { createClockSwitch, createTestClock, type TestClock } from '../../test/clock.ts';
import {
  createArea,
  createTicket,
  createTicketHolder,
  type HeldTicket,
  type TestTicket,
} from '../../test/factories.ts';
import { BOUGHT, dayAfter, listReviews, writeReview } from '../../test/reviews.ts';
import { createOperator, createStaff, defaultOperatorId, signInStaff } from '../../test/staff-factories.ts';

/*
 * Reading reviews (ADR 051): the reader's language first, the event page's structured data, paging,
 * and the console's answers and hiding within the staff member's operator and areas. Writing
 * them: reviews.test.ts.
 */

// The app shell as Vite builds it: the server puts the event page's structured data into it.
const dist = mkdtempSync(join(tmpdir(), 'sentiero-reviews-dist-'));
writeFileSync(
  join(dist, 'index.html'),
  '<!doctype html>\n<html lang="it">\n  <head>\n    <title>Sentiero</title>\n  </head>\n  <body><div id="root"></div></body>\n</html>\n',
);

const clocks = createClockSwitch();
let clock: TestClock;
let sut: TestApp;
beforeAll(async () => {
  sut = await createTestApp({ WEB_DIST_DIR: dist }, { clock: clocks });
});
afterAll(async () => {
  await sut.close();
  rmSync(dist, { recursive: true, force: true });
});
beforeEach(() => {
  clock = clocks.use(createTestClock(BOUGHT.getTime()));
});

async function holder(ticket: TestTicket, name = 'Tina') {
  clock.set(BOUGHT.getTime());
  return createTicketHolder(sut, ticket, { name, holder: `${name} Kos` });
}

const review = writeReview;
const list = (ticketId: number, lng = 'en', page = 1) => listReviews(sut, ticketId, lng, page);

describe('app/ticket/review/list and the event page', () => {
  // Each test gets a ticket of its own with the same four reviews: what one test answers or hides, no other sees.
  let ticket: TestTicket;
  let written: { browser: Browser; held: HeldTicket }[];

  beforeEach(async () => {
    ticket = await createTicket(sut.database.db);
    written = [];
    for (const name of ['Anna', 'Bruno', 'Carla', 'Dario']) {
      const { browser, ticket: held } = await holder(ticket, name);
      written.push({ browser, held });
    }
    const texts: [number, string, string][] = [
      [5, 'it', 'Una giornata splendida, guida bravissima.'],
      [3, 'de', 'Schöner Weg, aber zu viele Leute am Start.'],
      [4, 'it', 'Bel percorso, ben segnalato <script>alert(1)</script>.'],
      [2, 'en', 'Rained all day and the meeting point was hard to find.'],
    ];
    for (const [i, [rating, language, text]] of texts.entries()) {
      // One minute apart, in the order above: the last is the newest.
      clock.set(dayAfter(ticket).getTime() + i * 60_000);
      const entry = written[i];
      if (!entry) throw new Error('no buyer');
      const answer = await review(entry.browser, entry.held.code, { rating, language, text });
      expect(answer.statusCode, answer.body).toBe(200);
    }
  });

  it("shows the reader's language first, then the others, each newest first, with the average and count", async () => {
    const italian = await list(ticket.id, 'it');
    expect(italian).toMatchObject({ average: 3.5, count: 4, total: 4, page: 1, pages: 1 });
    expect(
      italian.reviews.map((entry: { language: string; rating: number }) => [entry.language, entry.rating]),
    ).toEqual([
      ['it', 4],
      ['it', 5],
      ['en', 2],
      ['de', 3],
    ]);
    expect(italian.reviews[0]).toMatchObject({ author: 'Carla C.', answer: null });
    const german = await list(ticket.id, 'de');
    expect(german.reviews.map((entry: { language: string }) => entry.language)).toEqual([
      'de',
      'en',
      'it',
      'it',
    ]);
  });

  it('pages past the last review with an empty page', async () => {
    const second = await list(ticket.id, 'en', 2);
    expect(second).toMatchObject({ count: 4, page: 2, pages: 1, reviews: [] });
  });

  it('carries AggregateRating and Review in the structured data, escaped, and none for a ticket without reviews', async () => {
    const page = await sut.app.inject({ method: 'GET', url: `/event/${ticket.id}?lng=en` });
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain('<script>alert(1)</script>');
    const data = JSON.parse(
      /<script type="application\/ld\+json">(.+?)<\/script>/.exec(page.body)?.[1] ?? 'null',
    );
    expect(data.aggregateRating).toEqual({
      '@type': 'AggregateRating',
      ratingValue: 3.5,
      reviewCount: 4,
      bestRating: 5,
      worstRating: 1,
    });
    expect(data.review).toHaveLength(4);
    expect(data.review[0]).toMatchObject({
      '@type': 'Review',
      reviewRating: { '@type': 'Rating', ratingValue: 2 },
      author: { '@type': 'Person', name: 'Dario C.' },
      inLanguage: 'en',
    });
    expect(data.review.map((entry: { reviewBody: string }) => entry.reviewBody)).toContain(
      'Bel percorso, ben segnalato <script>alert(1)</script>.',
    );

    const bare = await createTicket(sut.database.db);
    const plain = await sut.app.inject({ method: 'GET', url: `/event/${bare.id}?lng=en` });
    const bareData = JSON.parse(
      /<script type="application\/ld\+json">(.+?)<\/script>/.exec(plain.body)?.[1] ?? 'null',
    );
    expect(bareData['@type']).toBe('Product');
    expect(bareData).not.toHaveProperty('aggregateRating');
    expect(bareData).not.toHaveProperty('review');
  });

  describe('console: answers and hiding', () => {
    let manager: Browser;
    let reviewIds: Record<string, number>;

    beforeEach(async () => {
      const operatorId = await defaultOperatorId(sut.database.db);
      manager = await signInStaff(
        sut,
        await createStaff(sut.database.db, { role: 'manager', operatorId }),
        clock,
      );
      const answer = await manager.get(`/api/console/reviews?lng=en&ticket_id=${ticket.id}`);
      expect(answer.statusCode, answer.body).toBe(200);
      reviewIds = Object.fromEntries(
        answer.json().reviews.map((entry: { id: number; author: string }) => [entry.author, entry.id]),
      );
    });

    it('answers a review in public, with an audit entry', async () => {
      const id = reviewIds['Dario C.'];
      const answered = await manager.post('/api/console/review/answer?lng=en', {
        id,
        answer: 'Sorry about the weather: the meeting point now has a sign.',
      });
      expect(answered.statusCode, answered.body).toBe(200);
      const shown = (await list(ticket.id, 'en')).reviews[0];
      expect(shown.answer).toMatchObject({
        text: 'Sorry about the weather: the meeting point now has a sign.',
      });
      const entries = await sut.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.targetType, 'review'), eq(auditLog.targetId, String(id))));
      expect(entries.map((entry) => entry.action)).toEqual(['review.answer']);
    });

    it('hides a review with a reason: neither shown nor counted, the buyer sees why, and the audit log says so', async () => {
      const id = reviewIds['Dario C.'];
      const noReason = await manager.post('/api/console/review/hide?lng=en', {
        id,
        hidden: true,
        reason: '',
      });
      expect(noReason.statusCode).toBe(400);
      expect(noReason.json().fields.reason).toBe('Give a reason for hiding the review');

      const hidden = await manager.post('/api/console/review/hide?lng=en', {
        id,
        hidden: true,
        reason: 'It names a guide in a hurtful way.',
      });
      expect(hidden.statusCode, hidden.body).toBe(200);
      const after = await list(ticket.id, 'en');
      expect(after).toMatchObject({ average: 4, count: 3, total: 3 });
      expect(after.reviews.map((entry: { author: string }) => entry.author)).not.toContain('Dario C.');
      const dario = written[3];
      if (!dario) throw new Error('no buyer');
      const mine = (await dario.browser.get('/api/app/ticket/review/mine')).json();
      expect(mine.reviews[0].hidden_reason).toBe('It names a guide in a hurtful way.');

      const [entry] = await sut.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'review.hide'), eq(auditLog.targetId, String(id))));
      expect(entry).toMatchObject({ targetType: 'review', reason: 'It names a guide in a hurtful way.' });

      const shownAgain = await manager.post('/api/console/review/hide?lng=en', { id, hidden: false });
      expect(shownAgain.statusCode).toBe(200);
      expect(await list(ticket.id, 'en')).toMatchObject({ average: 3.5, count: 4 });
    });

    it("answers 404 for another operator's review and lists none of them", async () => {
      const other = await createOperator(sut.database.db);
      const theirs = await signInStaff(
        sut,
        await createStaff(sut.database.db, { role: 'owner', operatorId: other.id }),
        clock,
      );
      const id = reviewIds['Anna C.'];
      expect((await theirs.get('/api/console/reviews?lng=en')).json()).toMatchObject({
        reviews: [],
        total: 0,
      });
      const answered = await theirs.post('/api/console/review/answer?lng=en', { id, answer: 'Thanks!' });
      expect(answered.statusCode).toBe(404);
      const hidden = await theirs.post('/api/console/review/hide?lng=en', {
        id,
        hidden: true,
        reason: 'Not ours.',
      });
      expect(hidden.statusCode).toBe(404);
      expect((await list(ticket.id, 'en')).count).toBe(4);
      // A desk clerk of the right operator may not moderate.
      const desk = await signInStaff(
        sut,
        await createStaff(sut.database.db, {
          role: 'desk',
          operatorId: await defaultOperatorId(sut.database.db),
        }),
        clock,
      );
      expect(
        (await desk.post('/api/console/review/answer?lng=en', { id, answer: 'Thanks!' })).statusCode,
      ).toBe(403);
    });

    it('scopes a manager narrowed to other areas away from the review', async () => {
      const elsewhere = await createArea(sut.database.db);
      const narrowed = await signInStaff(
        sut,
        await createStaff(sut.database.db, {
          role: 'manager',
          operatorId: await defaultOperatorId(sut.database.db),
          areaIds: [elsewhere.id],
        }),
        clock,
      );
      const answered = await narrowed.post('/api/console/review/answer?lng=en', {
        id: reviewIds['Anna C.'],
        answer: 'Thanks!',
      });
      expect(answered.statusCode).toBe(404);
    });
  });
});

describe('paging through many reviews', () => {
  it("goes on from the reader's language to the others across pages, each newest first", async () => {
    const ticket = await createTicket(sut.database.db);
    const written: string[] = [];
    // Seven in English, then six in Italian, a minute apart: 13 reviews, two pages of ten.
    const languages = [...Array(7).fill('en'), ...Array(6).fill('it')] as string[];
    for (const [i, language] of languages.entries()) {
      const { browser, ticket: held } = await holder(ticket, `Buyer${String.fromCharCode(97 + i)}`);
      clock.set(dayAfter(ticket).getTime() + i * 60_000);
      const text = `Review number ${i} written in ${language}.`;
      expect((await review(browser, held.code, { language, text })).statusCode).toBe(200);
      written.push(text);
    }
    const texts = (page: { reviews: { text: string }[] }) => page.reviews.map((entry) => entry.text);
    const first = await list(ticket.id, 'it', 1);
    const second = await list(ticket.id, 'it', 2);
    expect(first).toMatchObject({ count: 13, pages: 2 });
    // Italian newest first (12…7), then English newest first (6…0).
    const expected = [12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0].map((i) => written[i]);
    expect([...texts(first), ...texts(second)]).toEqual(expected);
    expect(texts(first)).toHaveLength(10);
    const english = await list(ticket.id, 'en', 2);
    expect(texts(english)).toEqual([9, 8, 7].map((i) => written[i]));
  }, 60_000);
});
