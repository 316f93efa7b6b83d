import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER } from './client.ts';
import { migrationsBefore } from './migrations-before.ts';

/*
 * Migration 0046 (ADR 031): the threads already there become findable by the words of their
 * replies and answers by mail, and each reply or answer written after it adds its own.
 */

const scratch = mkdtempSync(join(tmpdir(), 'sentiero-inbox-search-migration-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('migration 0046', () => {
  it("adds the replies' and answers' words to each thread's search text", { timeout: 120_000 }, async () => {
    const client = await PGlite.create(undefined, { extensions: { unaccent, pg_trgm } });
    const db = drizzle({ client });
    await migrate(db, { migrationsFolder: migrationsBefore(scratch, '0046_inbox_search_every_message') });
    await client.exec(`
      insert into contact_messages (full_name, email, message, language)
      values ('Giulia Rossi', 'giulia@example.org', 'Posso portare il cane?', 'it'),
             ('Jonas Weber', 'jonas@example.org', 'Gibt es Parkplätze?', 'de');
      insert into inbox_replies (thread_id, staff_id, body, language, message_id, sent_at)
      select id, 1, 'Sì, al GUINZAGLIO.', 'it', '<r1@sentiero.test>', now() from inbox_threads
      where contact_message_id = (select id from contact_messages where email = 'giulia@example.org');
      insert into inbox_received_mails (thread_id, message_id, from_address, from_name, subject, body, received_at)
      select id, '<a1@example.org>', 'marco@example.net', 'Marco Bianchi', 'Re: il tuo messaggio', 'Veniamo sabato.', now()
      from inbox_threads
      where contact_message_id = (select id from contact_messages where email = 'giulia@example.org');`);
    await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
    const searchTexts = async () =>
      (
        await client.query<{ email: string; search_text: string }>(
          `select m.email, t.search_text from inbox_threads t
             join contact_messages m on m.id = t.contact_message_id order by m.email`,
        )
      ).rows;
    expect(await searchTexts()).toEqual([
      {
        email: 'giulia@example.org',
        search_text:
          'giulia rossi giulia@example.org posso portare il cane? sì, al guinzaglio. marco bianchi marco@example.net veniamo sabato.',
      },
      { email: 'jonas@example.org', search_text: 'jonas weber jonas@example.org gibt es parkplätze?' },
    ]);

    // Written after the migration: each adds its words as it comes, an answer without a name too.
    await client.exec(`
      insert into inbox_replies (thread_id, staff_id, body, language, message_id, sent_at)
      select id, 1, 'Ja, beim Bahnhof.', 'de', '<r2@sentiero.test>', now() from inbox_threads
      where contact_message_id = (select id from contact_messages where email = 'jonas@example.org');
      insert into inbox_received_mails (thread_id, message_id, from_address, subject, body, received_at)
      select id, '<a2@example.org>', 'jonas@example.org', 'AW: Ihre Nachricht', 'Danke!', now() from inbox_threads
      where contact_message_id = (select id from contact_messages where email = 'jonas@example.org');`);
    expect((await searchTexts())[1]?.search_text).toBe(
      'jonas weber jonas@example.org gibt es parkplätze? ja, beim bahnhof. jonas@example.org danke!',
    );
    await client.close();
  });
});
