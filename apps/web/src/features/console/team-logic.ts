import type { OperatorRole } from '@sentiero/contract/access';
import { ApiRequestError } from '../../lib/api-error.ts';
import type { TeamPage } from './api.ts';

/*
 * The rules of the team screens, apart from their markup: how a member's roles read as rows, and
 * what the re-authentication dialog sends. Which roles may be given is the server's answer
 * (`grantable_roles` of the team).
 */

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
