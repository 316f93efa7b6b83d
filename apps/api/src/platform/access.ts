import {
  credentialFor,
  type DevicePermission,
  decideAccess,
  type Grant,
  type ListScope,
  listScope,
  type MemberPermission,
  type MemberRole,
  type Permission,
  type Principal,
  type Resource,
  rolesHolding,
  type StaffPermission,
} from '@sentiero/contract/access';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServiceContext } from './context.ts';
import type { DeviceCaller } from './device-requests.ts';
import { AppError } from './errors.ts';
import type { SessionUser } from './sessions.ts';
import type { StaffSession } from './staff-sessions.ts';

/**
 * The one access rule of the API (ADR 027), applied twice from the same table
 * (`@sentiero/contract/access`): at the door, from the request's headers alone before its body is
 * read (`endpointDoor`, each endpoint's declared `access`), and by every service method
 * that needs someone, first thing (`requireAccess`, with the thing it touches when it matters).
 */

/**
 * How a member's roles beyond `member` are known, each from the module that decides it; the
 * platform imports no module, so the app passes them in.
 */
export type RoleRules = Record<Exclude<MemberRole, 'member'>, (userId: number) => Promise<boolean>>;

export type AccessRules = {
  /** The member of the request, looked up once per request whoever asks first. */
  sessionUser(request: FastifyRequest): Promise<SessionUser | null>;
  /** The staff member of the request (the console's own cookie), looked up once per request. */
  staffSession(request: FastifyRequest): Promise<StaffSession | null>;
  /** `premium`: whether the member has Sentiero+'s benefits now (the premium module's rule). */
  roles: RoleRules;
  /**
   * A ranger's device by its signed request (ADR 043), checked before the body is parsed; the
   * body it read comes back to be parsed as usual.
   */
  deviceRequest(
    request: FastifyRequest,
    payload: NodeJS.ReadableStream,
  ): Promise<{ caller: DeviceCaller; body: NodeJS.ReadableStream }>;
};

declare module 'fastify' {
  interface FastifyInstance {
    accessRules: AccessRules;
  }
}

export function installAccessRules(app: FastifyInstance, rules: AccessRules): void {
  app.decorate('accessRules', rules);
}

/** The caller as the rule sees them, with only the roles this permission could need looked up. */
async function principalOf(
  user: SessionUser | null,
  roles: RoleRules,
  permission: MemberPermission,
): Promise<Principal> {
  if (!user) return { kind: 'visitor' };
  const grants: Grant[] = [{ role: 'member', scope: 'own' }];
  // Sentiero+ is asked only where a permission needs it: a member's other calls cost no lookup.
  for (const role of rolesHolding(permission)) {
    const known = Object.hasOwn(roles, role) ? roles[role as keyof RoleRules] : undefined;
    if (known && (await known(user.id))) grants.push({ role, scope: 'own' });
  }
  return { kind: 'member', id: user.id, grants };
}

/**
 * The caller, if they hold the permission (on the resource, when given); otherwise the one
 * refusal: 401 `UNAUTHENTICATED` for a visitor, 403 (`PREMIUM_REQUIRED` for Sentiero+, else
 * `FORBIDDEN`) for a member without it.
 */
export async function requireAccess(
  ctx: Pick<ServiceContext, 'user' | 'roles'>,
  permission: Exclude<MemberPermission, 'public'>,
  resource?: Resource,
): Promise<SessionUser> {
  const decision = decideAccess(await principalOf(ctx.user, ctx.roles, permission), permission, resource);
  if (!decision.allowed) throw new AppError(decision.code, decision.status);
  // Only `public` lets a visitor through, and a service never asks for it.
  return ctx.user as SessionUser;
}

/**
 * A staff member as the rule sees them: their grants, once the session's second factor was
 * passed. A session still waiting for its code holds nothing, so it is refused like no session.
 */
export function staffPrincipalOf(staff: StaffSession | null | undefined): Principal {
  if (!staff || staff.twoFactorAt === null) return { kind: 'visitor' };
  return { kind: 'staff', id: staff.staffId, grants: staff.grants };
}

/**
 * The staff member, if they hold the permission (over the resource, when given): 401
 * `UNAUTHENTICATED` without a complete staff session, 403 `FORBIDDEN` otherwise. Every console
 * service method opens with it.
 */
export function requireStaffAccess(
  ctx: Pick<ServiceContext, 'staff'>,
  permission: StaffPermission,
  resource?: Resource,
): StaffSession {
  const decision = decideAccess(staffPrincipalOf(ctx.staff), permission, resource);
  if (!decision.allowed) throw new AppError(decision.code, decision.status);
  return ctx.staff as StaffSession;
}

/**
 * Whether the staff member holds a permission (over the resource, when given), for what a page
 * shows besides its own subject (Sentiero's team in the team page's list); never a refusal.
 */
export function staffHolds(
  ctx: Pick<ServiceContext, 'staff'>,
  permission: StaffPermission,
  resource?: Resource,
): boolean {
  return decideAccess(staffPrincipalOf(ctx.staff), permission, resource).allowed;
}

/** Where the staff member holds a permission, as the filter a list query applies (ADR 028). */
export function staffListScope(ctx: Pick<ServiceContext, 'staff'>, permission: StaffPermission): ListScope {
  return listScope(staffPrincipalOf(ctx.staff), permission);
}

/**
 * The door: an endpoint's declared access, decided from the session cookie before the body is
 * read, so a visitor's 15 MB upload to a Sentiero+ endpoint is refused without a byte of it held
 * in memory. The services still ask (`requireAccess`): this is the door, they are the rooms.
 */
/** What an endpoint's door runs before the body is parsed (Fastify's `preParsing`), if anything. */
export type EndpointDoor = (
  request: FastifyRequest,
  reply: FastifyReply,
  payload: NodeJS.ReadableStream,
) => Promise<NodeJS.ReadableStream | undefined>;

/**
 * The door of an endpoint, chosen by the credential its permission calls for (`credentialFor`, the
 * rule the OpenAPI document states too): none for `public`; a device's signed request, whose body
 * is read to check it and handed on; the console's staff session; the member's session.
 */
export function endpointDoor(access: Permission): EndpointDoor | undefined {
  const credential = credentialFor(access);
  switch (credential) {
    case 'none':
      return undefined;
    case 'device-signature':
      return (request, _reply, payload) => requireDeviceAccess(request, access as DevicePermission, payload);
    case 'staff-session':
      return async (request) => {
        const staff = await request.server.accessRules.staffSession(request);
        requireStaffAccess({ staff }, access as StaffPermission);
        return undefined;
      };
    case 'member-session':
      return async (request) => {
        const { accessRules } = request.server;
        const user = await accessRules.sessionUser(request);
        await requireAccess(
          { user, roles: accessRules.roles },
          access as Exclude<MemberPermission, 'public'>,
        );
        return undefined;
      };
    default:
      throw new Error(`no door for the credential ${credential satisfies never}`);
  }
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The ranger's device of a signed request, once its door let it in (ADR 043). */
    deviceCaller: DeviceCaller | null;
  }
}

/**
 * The door of an endpoint for rangers' devices: the request's signature, its device and its
 * ranger's grants, before the body is parsed; the body read to check it is handed on.
 */
export async function requireDeviceAccess(
  request: FastifyRequest,
  access: DevicePermission,
  payload: NodeJS.ReadableStream,
): Promise<NodeJS.ReadableStream> {
  const { caller, body } = await request.server.accessRules.deviceRequest(request, payload);
  requireStaffAccess({ staff: caller.staff }, access);
  request.deviceCaller = caller;
  return body;
}

/**
 * What a service reads of the caller after `requireAccess` (their account row, their contact):
 * an account deleted since the session was read answers like no session.
 */
export async function requireAccountRecord<T>(record: Promise<T | undefined>): Promise<T> {
  const found = await record;
  if (found === undefined) throw new AppError('UNAUTHENTICATED', 401);
  return found;
}
