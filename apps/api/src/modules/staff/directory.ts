import { rolesHolding, type StaffPermission } from '@sentiero/contract/access';
import type { Language } from '@sentiero/contract/languages';
import type { ServiceContext } from '../../platform/context.ts';
import { findSentieroStaffWithRole, findSentieroStaffWithRoles, findStaffNames } from './directory-repo.ts';
import { findOperatorAreaIdsBySlug, findOperatorById, findOperatorBySlug } from './repo.ts';

/*
 * Who is who on the staff side, for other modules and the command line (ADR 011): the names of
 * staff members and the operators they work for. Reads only: whoever asks has checked its own
 * access already (an inbox handler, a reviewer of applications, the command line's operator).
 */

type Directory = Pick<ServiceContext, 'db'>;

export type StaffName = { id: number; name: string };
/** An operator as another module names it: what a link to it and a heading need. */
export type OperatorName = { id: number; slug: string; name: string };

/** Sentiero's own staff (not disabled) who hold a permission: whom its work may be given to. */
export function listSentieroStaffHolding(ctx: Directory, permission: StaffPermission): Promise<StaffName[]> {
  return findSentieroStaffWithRoles(ctx.db, rolesHolding(permission));
}

/** Someone to mail about Sentiero's work: their address and language, if they still hold `permission`. */
export type StaffContact = StaffName & { email: string; language: Language };

export function findSentieroStaffHolding(
  ctx: Directory,
  staffId: number,
  permission: StaffPermission,
): Promise<StaffContact | undefined> {
  return findSentieroStaffWithRole(ctx.db, staffId, rolesHolding(permission));
}

/** The names of these staff accounts, whatever they hold now (a reply's author may have left). */
export function staffNamesOf(ctx: Directory, ids: readonly number[]): Promise<StaffName[]> {
  return findStaffNames(ctx.db, ids);
}

function operatorName(row: OperatorName | undefined): OperatorName | undefined {
  return row && { id: row.id, slug: row.slug, name: row.name };
}

export async function findOperatorName(ctx: Directory, id: number): Promise<OperatorName | undefined> {
  return operatorName(await findOperatorById(ctx.db, id));
}

export async function findOperatorNameBySlug(
  ctx: Directory,
  slug: string,
): Promise<OperatorName | undefined> {
  return operatorName(await findOperatorBySlug(ctx.db, slug));
}

/** Which of these area slugs are the operator's, with their ids: a grant narrowed to its own areas. */
export function findOperatorAreasBySlug(
  ctx: Directory,
  operatorId: number,
  slugs: readonly string[],
): Promise<Array<{ id: number; slug: string }>> {
  return findOperatorAreaIdsBySlug(ctx.db, operatorId, slugs);
}
