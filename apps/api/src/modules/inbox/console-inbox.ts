import type {
  consoleInbox,
  consoleInboxAssign,
  consoleInboxReply,
  consoleInboxSeen,
  consoleInboxState,
} from '@sentiero/contract/console-inbox';
import type { AuditChanges } from '@sentiero/db/schema';
import type { z } from 'zod';
import { requireStaffAccess } from '../../platform/access.ts';
import { auditStaffChange } from '../../platform/audit.ts';
import type { ServiceContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import type { StaffSession } from '../../platform/staff-sessions.ts';
import { listSentieroStaffHolding, type StaffName, staffNamesOf } from '../staff/index.ts';
import type { ReplyAddresses } from './reply-addresses.ts';
import { replyToThread } from './reply-to-thread.ts';
import {
  assignThread,
  closeThread,
  getThread,
  type InboxChange,
  listInbox,
  markAnswersSeen,
  type OnInboxChange,
  reopenThread,
} from './service.ts';

/*
 * The console's inbox (issue 23; ADR 031): the inbox's services behind `inbox.handle`, each
 * change written to the audit log inside the change's own transaction (`onChange`).
 */

/** The people a thread may be given to: Sentiero's staff who hold `inbox.handle`. */
function inboxHandlers(ctx: ServiceContext): Promise<StaffName[]> {
  return listSentieroStaffHolding(ctx, 'inbox.handle');
}

function nameOf(names: readonly StaffName[], id: number | null): StaffName | null {
  if (id === null) return null;
  return names.find((staff) => staff.id === id) ?? { id, name: `#${id}` };
}

export async function listInboxForStaff(ctx: ServiceContext, input: z.output<typeof consoleInbox.input>) {
  const staff = requireStaffAccess(ctx, 'inbox.handle');
  const assignee = input.assignee === 'me' ? staff.staffId : input.assignee;
  const list = await listInbox(ctx, {
    page: input.page,
    kind: input.kind,
    state: input.state,
    assignee,
    q: input.q,
  });
  const assignees = await inboxHandlers(ctx);
  const names = await staffNames(
    ctx,
    assignees,
    list.threads.map((thread) => thread.assignedStaffId),
  );
  return {
    threads: list.threads.map((thread) => ({
      id: thread.id,
      kind: thread.kind,
      state: thread.state,
      assignee: nameOf(names, thread.assignedStaffId),
      full_name: thread.fullName,
      email: thread.email,
      language: thread.language,
      message: thread.message,
      area_name: thread.areaName,
      created_at: thread.createdAt.toISOString(),
      updated_at: thread.updatedAt.toISOString(),
      unread_answer_since: thread.unreadAnswerSince?.toISOString() ?? null,
    })),
    page: list.page,
    pages: Math.max(1, list.pages),
    total: list.total,
    assignees,
  };
}

/** The handlers' names, and those of anyone else named (a former handler still assigned, a reply's author). */
async function staffNames(
  ctx: ServiceContext,
  known: readonly StaffName[],
  ids: readonly (number | null)[],
): Promise<StaffName[]> {
  const missing = ids.filter((id): id is number => id !== null && !known.some((staff) => staff.id === id));
  return [...known, ...(await staffNamesOf(ctx, missing))];
}

export async function readThread(ctx: ServiceContext, id: number) {
  requireStaffAccess(ctx, 'inbox.handle');
  const thread = await getThread(ctx, id);
  const assignees = await inboxHandlers(ctx);
  const names = await staffNames(ctx, assignees, [
    thread.assignedStaffId,
    ...thread.replies.map((reply) => reply.staffId),
  ]);
  return {
    id: thread.id,
    kind: thread.kind,
    state: thread.state,
    assignee: nameOf(names, thread.assignedStaffId),
    full_name: thread.fullName,
    email: thread.email,
    language: thread.language,
    message: thread.message,
    area_name: thread.areaName,
    created_at: thread.createdAt.toISOString(),
    updated_at: thread.updatedAt.toISOString(),
    unread_answer_since: thread.unreadAnswerSince?.toISOString() ?? null,
    area: thread.area
      ? {
          id: thread.area.id,
          name: thread.area.name,
          slug: thread.area.slug,
          available: thread.area.available,
          region: thread.area.region.name,
          country: thread.area.region.country,
        }
      : null,
    replies: thread.replies.map((reply) => ({
      id: reply.id,
      body: reply.body,
      staff: nameOf(names, reply.staffId),
      language: reply.language,
      sent_at: reply.sentAt.toISOString(),
    })),
    received_mails: thread.receivedMails.map((mail) => ({
      id: mail.id,
      from_address: mail.fromAddress,
      from_name: mail.fromName,
      from_requester: mail.fromAddress === thread.email.toLowerCase(),
      subject: mail.subject,
      body: mail.body,
      attachments: mail.attachmentCount,
      received_at: mail.receivedAt.toISOString(),
    })),
    assignees,
  };
}

/** Writes what a change did to the audit log, in its transaction: a failed line undoes the change. */
function auditInboxChange(ctx: ServiceContext, staff: StaffSession): OnInboxChange {
  return async (tx, change: InboxChange) => {
    const changes: AuditChanges = {};
    if (change.before.state !== change.after.state) changes.state = [change.before.state, change.after.state];
    if (change.before.assignedStaffId !== change.after.assignedStaffId) {
      changes.assigned_staff_id = [change.before.assignedStaffId, change.after.assignedStaffId];
    }
    const [unreadBefore, unreadAfter] = [change.before, change.after].map(
      (status) => status.unreadAnswerSince?.toISOString() ?? null,
    );
    if (unreadBefore !== unreadAfter) changes.unread_answer_since = [unreadBefore, unreadAfter];
    if (change.reply) {
      changes.reply_id = [null, change.reply.id];
      changes.reply_language = [null, change.reply.language];
    }
    await auditStaffChange(tx, ctx, staff, {
      operatorId: null,
      action: change.action,
      targetType: 'inbox_thread',
      targetId: change.threadId,
      changes,
    });
  };
}

export async function replyAsStaff(
  ctx: ServiceContext,
  input: z.output<typeof consoleInboxReply.input>,
  addresses: ReplyAddresses | null,
) {
  const staff = requireStaffAccess(ctx, 'inbox.handle');
  await replyToThread(
    ctx,
    input.id,
    { body: input.body },
    { staffId: staff.staffId },
    { onChange: auditInboxChange(ctx, staff), addresses },
  );
  return readThread(ctx, input.id);
}

export async function assignAsStaff(ctx: ServiceContext, input: z.output<typeof consoleInboxAssign.input>) {
  const staff = requireStaffAccess(ctx, 'inbox.handle');
  if (input.staff_id !== null) {
    const handlers = await inboxHandlers(ctx);
    if (!handlers.some((handler) => handler.id === input.staff_id)) {
      throw new AppError('VALIDATION_FAILED', 400, { staff_id: 'invalid' });
    }
  }
  await assignThread(
    ctx,
    input.id,
    { staffId: input.staff_id },
    { staffId: staff.staffId },
    auditInboxChange(ctx, staff),
  );
  return readThread(ctx, input.id);
}

export async function changeThreadState(
  ctx: ServiceContext,
  input: z.output<typeof consoleInboxState.input>,
) {
  const staff = requireStaffAccess(ctx, 'inbox.handle');
  const change = input.state === 'closed' ? closeThread : reopenThread;
  await change(ctx, input.id, { staffId: staff.staffId }, auditInboxChange(ctx, staff));
  return readThread(ctx, input.id);
}

/** The staff member has the thread's answers up to `up_to` on screen: they are no longer unread. */
export async function markSeenAsStaff(ctx: ServiceContext, input: z.output<typeof consoleInboxSeen.input>) {
  const staff = requireStaffAccess(ctx, 'inbox.handle');
  await markAnswersSeen(
    ctx,
    input.id,
    { seenId: input.up_to },
    { staffId: staff.staffId },
    auditInboxChange(ctx, staff),
  );
  return readThread(ctx, input.id);
}
