import { OPERATOR_ROLES, type OperatorRole, SENTIERO_ROLES, type StaffRole } from '@sentiero/contract/access';
import { ApiRequestError } from '../../lib/api-error.ts';
import type { ConsoleMe, TeamPage } from './api.ts';

/*
 * The rules of the team screens, apart from their markup: who may be given which role, how a
 * member's roles read as rows, and what the re-authentication dialog sends.
 */

/**
 * The roles the signed-in staff member may give for an operator: an admin (anywhere) or the
 * operator's owner may give any of an operator's roles; anyone else none.
 */
export function grantableRoles(me: Pick<ConsoleMe, 'grants'>, operatorId: number): OperatorRole[] {
  const manages = me.grants.some(
    (grant) =>
      grant.role === 'admin' ||
      (grant.role === 'owner' && grant.operator?.id === operatorId && grant.area_ids === null),
  );
  return manages ? [...OPERATOR_ROLES] : [];
}

/** The roles an admin gives to Sentiero's own staff (no operator). */
export function sentieroRoles(me: Pick<ConsoleMe, 'grants'>): StaffRole[] {
  return me.grants.some((grant) => grant.role === 'admin') ? [...SENTIERO_ROLES] : [];
}

export type TeamRow = {
  /** Unique in the list: a member holds one row per role. */
  key: number;
  grantId: number;
  staffId: number;
  name: string;
  email: string;
  disabled: boolean;
  role: OperatorRole | 'admin' | 'support';
  areaIds: number[] | null;
  since: string;
};

/** One row per role a member holds for the operator, members in the server's order. */
export function teamRows(members: TeamPage['members']): TeamRow[] {
  return members.flatMap((member) =>
    member.grants.map((grant) => ({
      key: grant.id,
      grantId: grant.id,
      staffId: member.staff_id,
      name: member.name,
      email: member.email,
      disabled: member.disabled,
      role: grant.role,
      areaIds: grant.area_ids,
      since: member.since,
    })),
  );
}

/** The names of a role's areas; null when it holds for all the operator's areas. */
export function areaNames(areaIds: readonly number[] | null, areas: TeamPage['areas']): string[] | null {
  if (!areaIds) return null;
  return areaIds.map((id) => areas.find((area) => area.id === id)?.name ?? `#${id}`);
}

/** Adds the area to the choice, or takes it out. */
export function toggleArea(chosen: readonly number[], areaId: number): number[] {
  return chosen.includes(areaId) ? chosen.filter((id) => id !== areaId) : [...chosen, areaId];
}

/** The areas a role is narrowed to: none chosen means all the operator's areas (null). */
export function areaChoice(chosen: readonly number[]): number[] | null {
  return chosen.length > 0 ? [...chosen] : null;
}

/** Six digits are an authenticator code; anything else is the password. */
export function reauthenticationInput(secret: string): { code: string } | { password: string } {
  const compact = secret.replace(/\s+/g, '');
  return /^\d{6}$/.test(compact) ? { code: compact } : { password: secret };
}

/** The API's answer that a team change needs the staff member to prove it is them again. */
export function needsReauthentication(error: unknown): boolean {
  return error instanceof ApiRequestError && error.code === 'REAUTHENTICATION_REQUIRED';
}

/**
 * Runs a team change; when the API asks for re-authentication, hands the change to `askToConfirm`
 * to be run again once the staff member has confirmed. Other failures are left to the change's
 * own state (its mutation shows them), so nothing is thrown.
 */
export async function runOrAskToConfirm(
  change: () => Promise<unknown>,
  askToConfirm: (retry: () => Promise<unknown>) => void,
): Promise<void> {
  try {
    await change();
  } catch (error) {
    if (needsReauthentication(error)) askToConfirm(change);
  }
}
