import type { EndpointAccess } from '@sentiero/contract/endpoint';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';
import type { SessionUser } from './sessions.ts';

/**
 * Who may call an endpoint, decided from the request's headers alone (the session cookie), before
 * its body is read: a visitor's 15 MB upload to a Sentiero+ endpoint is refused with a 401 without
 * a byte of it held in memory, and a member without Sentiero+ gets the 403 the same way. The
 * services still check who calls them (`requirePremium`); this is the door, they are the rooms.
 */
export type AccessRules = {
  /** The member of the request, looked up once per request whoever asks first. */
  sessionUser(request: FastifyRequest): Promise<SessionUser | null>;
  /** Whether the member has Sentiero+'s benefits now (the subscriptions module's rule). */
  isPremium(userId: number): Promise<boolean>;
};

declare module 'fastify' {
  interface FastifyInstance {
    accessRules: AccessRules;
  }
}

export function installAccessRules(app: FastifyInstance, rules: AccessRules): void {
  app.decorate('accessRules', rules);
}

/** A visitor is asked to log in (401); a member without Sentiero+ where it is needed is refused (403). */
export async function requireEndpointAccess(
  request: FastifyRequest,
  access: EndpointAccess,
  loginCode: 'UNAUTHENTICATED' | 'LOGIN_REQUIRED' = 'UNAUTHENTICATED',
): Promise<void> {
  const rules = request.server.accessRules;
  const user = await rules.sessionUser(request);
  if (!user) throw new AppError(loginCode, 401);
  if (access === 'premium' && !(await rules.isPremium(user.id))) throw new AppError('PREMIUM_REQUIRED', 403);
}
