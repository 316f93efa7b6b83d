import { newsletterSubscriptions } from '@sentiero/db/schema';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OutgoingMail } from '../../platform/mail.ts';
import { createTestDatabase, type TestDatabase } from '../../test/database.ts';
import { type IssueSendDeps, runIssueSend } from './issue-jobs.ts';
import { findIssue, insertIssue } from './issues-repo.ts';

/**
 * Runs only in the `api:postgres` project: two runs of one issue side by side (a job retried
 * while the first still works, or two worker processes) need a server with many connections.
 */
let database: TestDatabase;
const quiet = { warn() {}, error() {}, info() {}, debug() {} } as unknown as FastifyBaseLogger;
const NOW = new Date('2027-06-01T07:00:00Z');
const READERS = 120;

beforeAll(async () => {
  database = await createTestDatabase({ seed: false });
  if (!database.url) throw new Error('this test needs PostgreSQL (TEST_DATABASE_URL)');
});
afterAll(() => database.drop());

describe('an issue sent by two runs at once', () => {
  it('reaches every confirmed subscriber exactly once', async () => {
    await database.db.insert(newsletterSubscriptions).values(
      Array.from({ length: READERS }, (_, n) => ({
        email: `reader${n}@example.org`,
        userId: null,
        language: n % 2 ? ('en' as const) : ('it' as const),
        status: 'confirmed' as const,
        unsubscribeToken: `token-${n}`,
        requestedAt: NOW,
      })),
    );
    const issue = await insertIssue(database.db, {
      subject: { it: 'Oggi', en: 'Today' },
      body: { it: 'Corpo.', en: 'Body.' },
      state: 'scheduled',
      scheduledAt: NOW,
      createdByStaffId: 1,
      createdAt: NOW,
      updatedAt: NOW,
    });
    const delivered: string[] = [];
    const deps: IssueSendDeps = {
      db: database.db,
      clock: { now: () => NOW },
      log: quiet,
      mail: {
        // A mail server that takes a moment, so the two runs' batches overlap.
        deliver: async (mail: OutgoingMail) => {
          await new Promise((resolve) => setTimeout(resolve, 1));
          delivered.push(mail.to);
        },
      },
      queueIssueSend: async () => {},
      brand: 'Sentiero',
      origin: 'https://sentiero.example',
    };
    await Promise.all([runIssueSend(deps, issue.id), runIssueSend(deps, issue.id)]);
    expect(delivered).toHaveLength(READERS);
    expect(new Set(delivered).size).toBe(READERS);
    expect(await findIssue(database.db, issue.id)).toMatchObject({
      state: 'sent',
      total: READERS,
      sent: READERS,
    });
  });
});
