/**
 * Who may do what: the one rule that both the API's door (each endpoint's `access`, checked from
 * the session cookie before the body is read) and its services (`requireAccess`) apply (ADR 027).
 * A permission is held by roles; a principal holds roles, each as a grant with the scope where it
 * applies; a resource says whose a thing is.
 */

/** The roles of a member: `member` on their own things, and `premium` besides while they have Sentiero+. */
export const MEMBER_ROLES = ['member', 'premium'] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];

/** Sentiero's own staff, held everywhere (ADR 028). */
export const SENTIERO_ROLES = ['admin', 'support'] as const;
/** An operator's staff, held for the operator, or only some of its areas (ADR 028). */
export const OPERATOR_ROLES = ['owner', 'manager', 'desk', 'accountant', 'ranger'] as const;
export const STAFF_ROLES = [...SENTIERO_ROLES, ...OPERATOR_ROLES] as const;
export type SentieroRole = (typeof SENTIERO_ROLES)[number];
export type OperatorRole = (typeof OPERATOR_ROLES)[number];
export type StaffRole = (typeof STAFF_ROLES)[number];
export type Role = MemberRole | StaffRole;

export function isStaffRole(value: string): value is StaffRole {
  return (STAFF_ROLES as readonly string[]).includes(value);
}

export function isSentieroRole(role: StaffRole): role is SentieroRole {
  return (SENTIERO_ROLES as readonly string[]).includes(role);
}

/**
 * Where a grant applies: the holder's own things (a member's rows), everything (Sentiero's
 * staff), or one operator's things, narrowed to some of its areas when `areaIds` is given.
 */
export type Scope = 'own' | 'everywhere' | { operatorId: number; areaIds?: readonly number[] };

/** A role its principal holds, and where. */
export type Grant = { role: Role; scope: Scope };

/**
 * Who calls. A visitor holds no grant; a member holds `member` (and `premium`) on their own
 * things; a staff member holds staff roles only, from a session of the console whose second
 * factor was passed. The two sessions are apart (two cookies): neither holds the other's roles.
 */
export type Principal =
  | { kind: 'visitor' }
  | { kind: 'member'; id: number; grants: readonly Grant[] }
  | { kind: 'staff'; id: number; grants: readonly Grant[] };

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

const ALL_STAFF = STAFF_ROLES;
/** Who sees an operator's orders: the people who run it, keep its books, or answer for Sentiero. */
const ORDER_READERS = ['admin', 'support', 'owner', 'manager', 'desk', 'accountant'] as const;

/**
 * Every permission and who holds it (issue 23 for the staff's): `owner` holds everything of its
 * operator, its team included; `manager` the catalogue, orders (refunds too), figures, coupons
 * and growth reports; `desk` orders without refunds; `accountant` orders read-only, refunds,
 * figures, exports and statements; `ranger` check-ins, growth reports and its field devices in
 * its areas (`owner` and `manager` list and revoke those devices); `admin`
 * everything everywhere, Sentiero's own team and Sentiero+'s figures included; `support` orders
 * (read, resend) anywhere and the inbox.
 */
export const PERMISSIONS = {
  public: { heldBy: 'everyone' },
  member: { heldBy: ['member'] },
  // The web offers Sentiero+ where the answer says it is missing, rather than a bare refusal.
  premium: { heldBy: ['premium'], refusal: 'PREMIUM_REQUIRED' },
  /** Any staff member with a complete session (second factor passed): the console itself. */
  console: { heldBy: ALL_STAFF },
  'orders.read': { heldBy: ORDER_READERS },
  'orders.resend': { heldBy: ['admin', 'support', 'owner', 'manager', 'desk'] },
  'orders.markPaid': { heldBy: ['admin', 'owner', 'manager', 'desk'] },
  'orders.refund': { heldBy: ['admin', 'owner', 'manager', 'accountant'] },
  'orders.export': { heldBy: ['admin', 'owner', 'manager', 'accountant'] },
  'catalogue.read': { heldBy: ['admin', 'owner', 'manager'] },
  'catalogue.write': { heldBy: ['admin', 'owner', 'manager'] },
  /** Cancels a day for everyone (a storm): closes it and refunds or moves its buyers (ADR 049). */
  'days.cancel': { heldBy: ['admin', 'owner', 'manager'] },
  'figures.read': { heldBy: ['admin', 'owner', 'manager', 'accountant'] },
  /** Sentiero+'s figures: a membership belongs to no operator, so only a grant held everywhere sees them. */
  'premiumFigures.read': { heldBy: ['admin'] },
  'statements.read': { heldBy: ['admin', 'owner', 'accountant'] },
  'team.manage': { heldBy: ['admin', 'owner'] },
  /** Sentiero's own team (its admins and support, who work for no operator). */
  'sentieroTeam.manage': { heldBy: ['admin'] },
  'audit.read': { heldBy: ['admin', 'owner'] },
  'inbox.handle': { heldBy: ['admin', 'support'] },
  'growth.report': { heldBy: ['admin', 'owner', 'manager', 'ranger'] },
  checkin: { heldBy: ['admin', 'owner', 'ranger'] },
  /** A ranger enrols a phone from a complete console session (ADR 043). */
  'field.enrol': { heldBy: ['ranger'] },
  /** A ranger's enrolled phone, by a request signed with its key: bundle, uses, redeem (ADR 043). */
  field: { heldBy: ['ranger'] },
  /** The devices of the operator's rangers, their revocation and their conflicts (ADR 043). */
  'devices.manage': { heldBy: ['admin', 'owner', 'manager'] },
  'coupons.manage': { heldBy: ['admin', 'owner', 'manager'] },
  /** Answering buyers' reviews in public and hiding them with a reason (ADR 051). */
  'reviews.moderate': { heldBy: ['admin', 'owner', 'manager'] },
  'ads.manage': { heldBy: ['admin'] },
  'newsletter.send': { heldBy: ['admin'] },
  'operators.manage': { heldBy: ['admin'] },
  'applications.review': { heldBy: ['admin'] },
} as const satisfies Record<string, PermissionRule>;

export type Permission = keyof typeof PERMISSIONS;
/** What members and visitors are asked for; every other permission is held by staff only. */
export type MemberPermission = 'public' | 'member' | 'premium';
export type StaffPermission = Exclude<Permission, MemberPermission>;

/**
 * The permissions a ranger's device holds: asked of the request's device signature (ADR 043), not
 * of a cookie; the device acts with its ranger's grants.
 */
export const DEVICE_PERMISSIONS = ['field'] as const satisfies readonly StaffPermission[];
export type DevicePermission = (typeof DEVICE_PERMISSIONS)[number];

export function isDevicePermission(permission: Permission): permission is DevicePermission {
  return (DEVICE_PERMISSIONS as readonly string[]).includes(permission);
}

/** A permission of the console: asked of the staff session, never of the member's. */
export function isStaffPermission(permission: Permission): permission is StaffPermission {
  return permission !== 'public' && permission !== 'member' && permission !== 'premium';
}

/**
 * What a caller shows to be asked for a permission, in the order the API's door tells them apart
 * (`platform/http.ts`): nothing for `public`; a device's signed request for a device permission;
 * the staff session's cookie for the console's; the member's session cookie for the rest.
 */
export type Credential = 'none' | 'device-signature' | 'staff-session' | 'member-session';

export function credentialFor(permission: Permission): Credential {
  if (permission === 'public') return 'none';
  if (isDevicePermission(permission)) return 'device-signature';
  if (isStaffPermission(permission)) return 'staff-session';
  return 'member-session';
}

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

/**
 * Where a principal holds a permission, as a list query's filter (ADR 028): everything, or the
 * rows of these operators (all their areas) and of these areas. A principal without the
 * permission gets the empty filter, which matches nothing: a forgotten check lists nothing.
 */
export type ListScope =
  | { everywhere: true }
  | { everywhere: false; operatorIds: readonly number[]; areaIds: readonly number[] };

export function listScope(principal: Principal, permission: Permission): ListScope {
  if (principal.kind === 'visitor') return { everywhere: false, operatorIds: [], areaIds: [] };
  const roles = rolesHolding(permission);
  const operatorIds = new Set<number>();
  const areaIds = new Set<number>();
  for (const { role, scope } of principal.grants) {
    if (!roles.includes(role) || scope === 'own') continue;
    if (scope === 'everywhere') return { everywhere: true };
    if (scope.areaIds === undefined) operatorIds.add(scope.operatorId);
    else for (const areaId of scope.areaIds) areaIds.add(areaId);
  }
  return { everywhere: false, operatorIds: [...operatorIds], areaIds: [...areaIds] };
}

/**
 * The grants through which a principal holds a permission: a ranger's grants for `field`, say,
 * whatever the roles that hold it are called.
 */
export function grantsHolding(grants: readonly Grant[], permission: Permission): Grant[] {
  const roles = rolesHolding(permission);
  return grants.filter((grant) => roles.includes(grant.role));
}

/** The permissions a principal holds somewhere, for the console to show only what it may. */
export function permissionsHeld(principal: Principal): Permission[] {
  if (principal.kind === 'visitor') return [];
  const held = new Set(principal.grants.map((grant) => grant.role));
  return (Object.keys(PERMISSIONS) as Permission[]).filter((permission) =>
    rolesHolding(permission).some((role) => held.has(role)),
  );
}
