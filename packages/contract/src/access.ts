/**
 * Who may do what: the one rule that both the API's door (each endpoint's `access`, checked from
 * the session cookie before the body is read) and its services (`requireAccess`) apply (ADR 027).
 * A permission is held by roles; a principal holds roles, each as a grant with the scope where it
 * applies; a resource says whose a thing is.
 */

/**
 * The roles of a member: `member` on their own things, and `premium` besides while they have
 * Sentiero+. Staff (issue 23) adds roles of its own, held everywhere (Sentiero's `admin` and
 * `support`) or for one operator, or some of its areas (`owner`, `manager`, `desk`,
 * `accountant`, `ranger`).
 */
export const MEMBER_ROLES = ['member', 'premium'] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];
export type Role = MemberRole;

/**
 * Where a grant applies: the holder's own things (a member's rows), everything (Sentiero's
 * staff), or one operator's things, narrowed to some of its areas when `areaIds` is given.
 */
export type Scope = 'own' | 'everywhere' | { operatorId: number; areaIds?: readonly number[] };

/** A role its principal holds, and where. */
export type Grant = { role: Role; scope: Scope };

/**
 * Who calls. A visitor holds no grant; a member holds `member` (and `premium`) on their own
 * things. Staff will be one more kind, `{ kind: 'staff'; id; grants }`.
 */
export type Principal = { kind: 'visitor' } | { kind: 'member'; id: number; grants: readonly Grant[] };

/**
 * Whose a thing is, when a permission is asked about one thing: a member's own row
 * (`{ ownerId }`), an operator's order or area (`{ operatorId, areaId }`).
 */
export type Resource = { ownerId: number } | { operatorId: number; areaId?: number };

type PermissionRule = {
  /** The roles that hold it; `everyone`: visitors too. */
  heldBy: 'everyone' | readonly Role[];
  /** The 403's code for a principal who holds none of the roles, when not `FORBIDDEN`. */
  refusal?: 'PREMIUM_REQUIRED';
};

/**
 * Every permission and who holds it. A staff permission (`orders.read`, `orders.refund`,
 * `catalogue.write`, `checkin`…) is one more entry, granted to the roles that may.
 */
export const PERMISSIONS = {
  public: { heldBy: 'everyone' },
  member: { heldBy: ['member'] },
  // The web offers Sentiero+ where the answer says it is missing, rather than a bare refusal.
  premium: { heldBy: ['premium'], refusal: 'PREMIUM_REQUIRED' },
} as const satisfies Record<string, PermissionRule>;

export type Permission = keyof typeof PERMISSIONS;

/** The roles that hold a permission; none listed for one everyone holds. */
export function rolesHolding(permission: Permission): readonly Role[] {
  const { heldBy }: PermissionRule = PERMISSIONS[permission];
  return heldBy === 'everyone' ? [] : heldBy;
}

/** Allowed, or the one refusal shape: 401 for a visitor, 403 for a principal without the permission. */
export type AccessDecision =
  | { allowed: true }
  | { allowed: false; status: 401; code: 'UNAUTHENTICATED' }
  | { allowed: false; status: 403; code: 'PREMIUM_REQUIRED' | 'FORBIDDEN' };

const ALLOWED: AccessDecision = { allowed: true };

export function decideAccess(
  principal: Principal,
  permission: Permission,
  resource?: Resource,
): AccessDecision {
  const rule: PermissionRule = PERMISSIONS[permission];
  if (rule.heldBy === 'everyone') return ALLOWED;
  if (principal.kind === 'visitor') return { allowed: false, status: 401, code: 'UNAUTHENTICATED' };
  const roles = rule.heldBy;
  const held = principal.grants.filter((grant) => roles.includes(grant.role));
  if (held.length === 0) return { allowed: false, status: 403, code: rule.refusal ?? 'FORBIDDEN' };
  if (resource && !held.some((grant) => covers(grant.scope, principal.id, resource))) {
    return { allowed: false, status: 403, code: 'FORBIDDEN' };
  }
  return ALLOWED;
}

function covers(scope: Scope, holderId: number, resource: Resource): boolean {
  if (scope === 'everywhere') return true;
  if (scope === 'own') return 'ownerId' in resource && resource.ownerId === holderId;
  if (!('operatorId' in resource) || resource.operatorId !== scope.operatorId) return false;
  // A grant narrowed to some areas covers only things of those areas, not the operator's whole.
  return (
    scope.areaIds === undefined || (resource.areaId !== undefined && scope.areaIds.includes(resource.areaId))
  );
}
