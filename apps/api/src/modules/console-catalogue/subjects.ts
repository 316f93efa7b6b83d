import type { StaffPermission } from '@sentiero/contract/access';
import type { LocalizedText } from '@sentiero/contract/languages';
import type { ServiceContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import type { StaffSession } from '../../platform/staff-sessions.ts';
import { requireAreaInScope, requireTicketInScope } from './ticket-access.ts';

/** What a photo or a rules document belongs to: exactly one ticket or one area. */
export type Subject = { ticketId: number } | { areaId: number };

export type ScopedSubject = {
  subject: Subject;
  staff: StaffSession;
  operatorId: number;
  /** The ticket's title or the area's name in every language it has: a photo's alt text by default. */
  name: Partial<LocalizedText>;
  target: { type: 'ticket' | 'area'; id: number };
};

/** The ticket or area a call names, if the staff member holds the permission over it (404 otherwise). */
export async function requireSubjectInScope(
  ctx: ServiceContext,
  permission: StaffPermission,
  input: { ticket_id?: number | undefined; area_id?: number | undefined },
): Promise<ScopedSubject> {
  if ((input.ticket_id === undefined) === (input.area_id === undefined)) {
    throw new AppError('VALIDATION_FAILED', 400, { ticket_id: 'required' });
  }
  if (input.ticket_id !== undefined) {
    const found = await requireTicketInScope(ctx, permission, input.ticket_id);
    return {
      subject: { ticketId: input.ticket_id },
      staff: found.staff,
      operatorId: found.operatorId,
      name: found.ticket.title,
      target: { type: 'ticket', id: input.ticket_id },
    };
  }
  const areaId = input.area_id as number;
  const found = await requireAreaInScope(ctx, permission, areaId);
  return {
    subject: { areaId },
    staff: found.staff,
    operatorId: found.operatorId,
    name: { it: found.areaName, en: found.areaName },
    target: { type: 'area', id: areaId },
  };
}
