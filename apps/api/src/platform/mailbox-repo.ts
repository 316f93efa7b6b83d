import type { Db } from '@sentiero/db/client';
import { mailboxMessages } from '@sentiero/db/schema';

export type MailboxMessage = Omit<typeof mailboxMessages.$inferInsert, 'id' | 'createdAt'>;

/** Keeps a mail in the embedded mailbox (development and tests), where the mailbox pages read it. */
export async function insertMailboxMessage(db: Db, message: MailboxMessage): Promise<void> {
  await db.insert(mailboxMessages).values(message);
}
