import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../platform/errors.ts';
import { findMemberByEmail } from '../../repos/members.ts';
import { membershipAnswer } from './membership.ts';
import type { BillingContext } from './notices.ts';
import { renewAsIfDue } from './renewals.ts';
import { findCurrentMembership, findLiveMembership } from './repo.ts';
import type { PremiumDeps } from './service.ts';

const ZRenewRequest = z.object({ email: z.string().trim().min(3).max(254) });

/**
 * Outside production only (like the embedded mailbox): `POST /dev/subscription/renew` with a
 * member's `email` runs the renewal job on that member's membership as of the moment it is due,
 * so a developer or an end-to-end test sees a trial end, a failed renewal or an expiry today.
 * Answers the membership as the member's own `app/subscription/info` would.
 */
export function registerPremiumDevRoutes(
  app: FastifyInstance,
  { context, deps }: { context: BillingContext; deps: PremiumDeps },
) {
  app.post('/dev/subscription/renew', { schema: { hide: true } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const parsed = ZRenewRequest.safeParse({ ...(request.query as object), ...(request.body as object) });
    if (!parsed.success) throw new AppError('VALIDATION_FAILED', 400, { email: 'invalid' });
    const member = await findMemberByEmail(context.db, parsed.data.email);
    const live = member && (await findLiveMembership(context.db, member.id));
    if (!member || !live) throw new AppError('NOT_FOUND', 404);
    const outcome = await renewAsIfDue(context, deps, live.id);
    const row = await findCurrentMembership(context.db, member.id);
    return { outcome, subscription: row ? membershipAnswer(row, context.clock.now(), deps.providers) : null };
  });
}
