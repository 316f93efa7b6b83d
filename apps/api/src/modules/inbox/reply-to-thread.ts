import { randomUUID } from 'node:crypto';
import { type InboxReplyInput, ZInboxReply } from '@sentiero/contract/inbox';
import type { ServiceContext } from '../../platform/context.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import {
  findReceivedMails,
  findReplies,
  findThread,
  findUnseenSince,
  insertReply,
  lockThread,
  updateThread,
} from './inbox-repo.ts';
import { inboxReplyMail, type OriginalMessage } from './mails.ts';
import type { ReplyAddresses } from './reply-addresses.ts';
import {
  type InboxActor,
  type InboxChange,
  type OnInboxChange,
  parseInput,
  requireThreadId,
} from './service.ts';

export type ReplyOptions = {
  onChange?: OnInboxChange;
  /** The threads' reply addresses; without them (inbound mail off) answers go to OPERATOR_EMAIL. */
  addresses?: ReplyAddresses | null;
};

/**
 * Mails staff's answer to the requester in the language they wrote in, then records it in the
 * thread and marks the thread answered. The mail is the one step no transaction can take back, so
 * it leaves first and synchronously (`deliver`, not the queue): if it fails, nothing is written
 * and the thread is as it was (503). The record follows in one transaction with `onChange`.
 */
export async function replyToThread(
  ctx: ServiceContext,
  id: number,
  input: InboxReplyInput,
  by: InboxActor,
  { onChange, addresses }: ReplyOptions = {},
): Promise<InboxChange> {
  const threadId = requireThreadId(id);
  const { body } = parseInput(ZInboxReply, input);
  const thread = await findThread(ctx.db, threadId, ctx.lang);
  if (!thread) throw notFound();
  if (thread.state === 'closed') throw new AppError('THREAD_CLOSED', 409);

  const original: OriginalMessage =
    thread.kind === 'contact'
      ? {
          kind: 'contact',
          fullName: thread.fullName ?? '',
          message: thread.message ?? '',
          sentAt: thread.createdAt,
        }
      : { kind: 'area_activation', areaName: thread.areaNameForRequester ?? '', sentAt: thread.createdAt };
  const earlier = await findReplies(ctx.db, threadId);
  const received = await findReceivedMails(ctx.db, threadId);
  // The requester's latest answer is quoted rather than their first message; never a mail from
  // another address, which the requester may not have seen.
  const latest = received.filter((mail) => mail.fromAddress === thread.email.toLowerCase()).at(-1);
  const messageId = `<inbox.${threadId}.${randomUUID()}@${mailDomain(ctx.config.mail.from)}>`;
  const references = [
    ...earlier.map((reply) => ({ id: reply.messageId, at: reply.sentAt })),
    ...received.map((mail) => ({ id: mail.messageId, at: mail.receivedAt })),
  ]
    .sort((a, b) => a.at.getTime() - b.at.getTime())
    .map((message) => message.id);
  try {
    await ctx.mail.deliver({
      to: thread.email,
      ...inboxReplyMail(
        thread.language,
        {
          body,
          original,
          ...(latest ? { latest: { message: latest.body, sentAt: latest.receivedAt } } : {}),
        },
        ctx.config.brand,
      ),
      headers: {
        'Message-ID': messageId,
        // Answers come back to this thread (or, with inbound mail off, to the people who read the
        // inbox), and each reply joins the earlier mails in the requester's mail program.
        'Reply-To': addresses ? addresses.addressOf(threadId) : ctx.config.mail.operator,
        ...(references.length > 0
          ? { 'In-Reply-To': references.at(-1) as string, References: references.join(' ') }
          : {}),
      },
    });
  } catch (error) {
    ctx.log.warn({ err: error, threadId }, 'an inbox reply could not be mailed');
    throw new AppError('MAIL_NOT_SENT', 503);
  }

  try {
    return await ctx.db.transaction(async (tx) => {
      const before = await lockThread(tx, threadId);
      if (!before) throw notFound();
      const sentAt = ctx.clock.now();
      const reply = await insertReply(tx, {
        threadId,
        staffId: by.staffId,
        body,
        language: thread.language,
        messageId,
        sentAt,
      });
      // Closed by someone else while the mail was leaving: the reply is kept, the thread stays closed.
      const after = await updateThread(tx, threadId, {
        state: before.state === 'closed' ? 'closed' : 'answered',
        // The answers the reply was written after are read; one that came meanwhile is not.
        unreadAnswerSince:
          before.unreadAnswerSince && (await findUnseenSince(tx, threadId, received.at(-1)?.id ?? 0)),
        updatedAt: sentAt,
      });
      const change: InboxChange = {
        action: 'inbox.reply',
        threadId,
        by,
        before,
        after,
        reply: { id: reply.id, language: reply.language, messageId },
      };
      await onChange?.(tx, change);
      return change;
    });
  } catch (error) {
    ctx.log.error({ err: error, threadId, messageId }, 'an inbox reply was mailed but not recorded');
    throw error;
  }
}

/** Message-IDs name the sender's domain (RFC 5322); MAIL_FROM may be `Name <address>`. */
function mailDomain(from: string): string {
  return from.match(/@([^\s>]+)/)?.[1] ?? 'sentiero.invalid';
}
