import type { Db } from '@sentiero/db/client';
import { mailboxMessages } from '@sentiero/db/schema';
import { desc, eq } from 'drizzle-orm';

export type MailboxMessageRow = typeof mailboxMessages.$inferSelect;

/** The newest mails in the embedded mailbox, all of them or those sent to one address. */
export async function findMailboxMessages(
  db: Db,
  to: string | undefined,
  limit: number,
): Promise<MailboxMessageRow[]> {
  const query = db.select().from(mailboxMessages);
  const filtered = to ? query.where(eq(mailboxMessages.toAddress, to.toLowerCase())) : query;
  return filtered.orderBy(desc(mailboxMessages.id)).limit(limit);
}
