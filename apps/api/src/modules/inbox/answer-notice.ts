import { PAGES } from '@sentiero/contract/pages';
import type { Db } from '@sentiero/db/client';
import type { Mailer } from '../../platform/mail.ts';
import { findSentieroStaffHolding } from '../staff/index.ts';
import { findThread } from './inbox-repo.ts';
import { inboxAnswerNoticeMail } from './mails.ts';
import type { IncomingMail, ReceiveResult } from './receive-mail.ts';

export type AnswerNoticeDeps = {
  db: Db;
  /** The queue: the notice leaves after the answer is kept, retried while the mail server is down. */
  mail: Pick<Mailer, 'send'>;
  brand: string;
  /** Where the console is, for the link: PUBLIC_URL, or this machine. */
  origin: string;
  log: { info(details: object, message: string): void; error(details: object, message: string): void };
};

/** Tells the thread's assignee that an answer came in; never fails the answer, which is kept. */
export type AnswerNotifier = (threadId: number, mail: IncomingMail, result: ReceiveResult) => Promise<void>;

/**
 * The staff member a thread is assigned to hears of the requester's answer by mail, in their
 * language, with a link to the thread (ADR 031): once per unread stretch, not for each of a string
 * of answers nobody has opened yet. Only while they still handle the inbox (a Sentiero role holding
 * `inbox.handle`, account not disabled): the notice names the requester, and the inbox is theirs
 * alone. A thread nobody has taken tells nobody; the list shows it.
 */
export function answerNotifier(deps: AnswerNoticeDeps): AnswerNotifier {
  return async (threadId, mail, result) => {
    if (result.outcome !== 'recorded' || result.before.unreadAnswerSince !== null) return;
    const assigneeId = result.after.assignedStaffId;
    if (assigneeId === null) return;
    try {
      const staff = await findSentieroStaffHolding(deps, assigneeId, 'inbox.handle');
      if (!staff) {
        deps.log.info(
          { threadId, assigneeId },
          'the assignee no longer handles the inbox: not told of the answer',
        );
        return;
      }
      const thread = await findThread(deps.db, threadId, staff.language);
      if (!thread) return;
      await deps.mail.send({
        to: staff.email,
        ...inboxAnswerNoticeMail(
          staff.language,
          {
            staffName: staff.name,
            thread:
              thread.kind === 'contact'
                ? { kind: 'contact', fullName: thread.fullName ?? thread.email }
                : { kind: 'area_activation', areaName: thread.areaName ?? '' },
            sender: mail.fromName ?? mail.fromAddress,
            subject: mail.subject.trim(),
            link: `${deps.origin}${PAGES.consoleInbox.path({ thread: threadId })}`,
          },
          deps.brand,
        ),
      });
    } catch (error) {
      // The answer is kept and the list shows it unread: a lost notice is not worth a bounce.
      deps.log.error({ err: error, threadId, assigneeId }, 'the assignee could not be told of an answer');
    }
  };
}
