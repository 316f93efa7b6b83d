import type { Db } from '@sentiero/db/client';
import type { Clock } from '../../platform/context.ts';
import { insertReceivedMail, lockThread, type ThreadStatus, updateThread } from './inbox-repo.ts';
import { withoutQuotedText } from './quoted-text.ts';

/** A mail that came to a thread's reply address, as the SMTP receiver read it. */
export type IncomingMail = {
  /** The Message-ID header, or one made from the mail's bytes when it has none. */
  messageId: string;
  /** The From header's address (lower case), or the envelope's sender without one. */
  fromAddress: string;
  fromName: string | null;
  subject: string;
  /** The text part, or the HTML part as text: the quoted earlier message still in it. */
  text: string;
  attachmentCount: number;
};

/** Long enough for any answer a person types; a pasted book is cut, with a mark. */
export const RECEIVED_BODY_MAX = 20_000;

export type ReceiveResult =
  | { outcome: 'recorded'; id: number; before: ThreadStatus; after: ThreadStatus }
  | { outcome: 'duplicate' | 'no-thread' };

/**
 * Keeps what the requester answered in the thread, without the quote of earlier mails, and makes
 * the thread `new` again, whatever its state (a closed one too), with an unread answer, so staff
 * see it needs them; its assignee keeps it. A Message-ID the thread already has is stored once: mail servers deliver
 * again when they did not hear our answer.
 */
export async function receiveMailInThread(
  deps: { db: Db; clock: Clock },
  threadId: number,
  mail: IncomingMail,
): Promise<ReceiveResult> {
  const stripped = withoutQuotedText(mail.text);
  // A mail that is all quote (an answer typed inside it, say) is kept whole rather than lost.
  const whole = stripped || mail.text.trim();
  const body = whole.length > RECEIVED_BODY_MAX ? `${whole.slice(0, RECEIVED_BODY_MAX)} […]` : whole;
  return deps.db.transaction(async (tx) => {
    const before = await lockThread(tx, threadId);
    if (!before) return { outcome: 'no-thread' };
    const receivedAt = deps.clock.now();
    const row = await insertReceivedMail(tx, {
      threadId,
      messageId: mail.messageId,
      fromAddress: mail.fromAddress,
      fromName: mail.fromName,
      subject: mail.subject.slice(0, 998),
      body,
      attachmentCount: mail.attachmentCount,
      receivedAt,
    });
    if (!row) return { outcome: 'duplicate' };
    const after = await updateThread(tx, threadId, {
      state: 'new',
      // Unread from the first answer nobody has opened: later ones do not move it.
      unreadAnswerSince: before.unreadAnswerSince ?? receivedAt,
      updatedAt: receivedAt,
    });
    return { outcome: 'recorded', id: row.id, before, after };
  });
}
