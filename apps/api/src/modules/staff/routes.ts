import { consoleAudit } from '@sentiero/contract/console-audit';
import {
  consoleInvitation,
  consoleInvitationAccept,
  consoleLogin,
  consoleLoginCode,
  consoleLogout,
  consoleLogoutEverywhere,
  consoleMe,
  consoleReauthenticate,
  consoleSession,
  consoleTwoFactorEnrol,
} from '@sentiero/contract/console-auth';
import { consoleOperator, consoleOperators } from '@sentiero/contract/console-operators';
import {
  consoleTeam,
  consoleTeamGrantChange,
  consoleTeamGrantRevoke,
  consoleTeamInvite,
  consoleTeamStaffDisable,
  consoleTeamStaffEnable,
} from '@sentiero/contract/console-team';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ServiceContext } from '../../platform/context.ts';
import { registerEndpoint } from '../../platform/http.ts';
import { clearStaffCookie, startStaffSession } from '../../platform/staff-sessions.ts';
import { readAuditLog } from './audit-log.ts';
import { acceptInvitation, lookUpInvitation } from './invitations.ts';
import { listOperators, readOperator } from './operators.ts';
import {
  currentStaff,
  logInStaff,
  logOutStaff,
  reauthenticateStaff,
  type StaffCookie,
  staffSessionStage,
  startEnrolment,
  submitCode,
} from './sign-in.ts';
import { disableStaff, enableStaff, logOutEverywhere } from './staff-accounts.ts';
import { changeGrant, inviteToTeam, listTeam, revokeGrant } from './team.ts';

/** Per IP, as the members' login: enough for an office behind one router, too few for guessing. */
const LOGIN_LIMIT = { max: 20, timeWindow: '1 minute' };
const INVITATION_LIMIT = { max: 10, timeWindow: '10 minutes' };

function staffCookie(ctx: ServiceContext, reply: FastifyReply): StaffCookie {
  return {
    start: (staffId) => startStaffSession(ctx.db, ctx.config, reply, staffId, ctx.clock.now()),
    clear: () => clearStaffCookie(ctx.config, reply),
  };
}

export function registerStaffRoutes(app: FastifyInstance) {
  registerEndpoint(app, consoleInvitation, (ctx, input) => lookUpInvitation(ctx, input.token), {
    rateLimit: INVITATION_LIMIT,
  });
  registerEndpoint(app, consoleInvitationAccept, (ctx, input) => acceptInvitation(ctx, input), {
    rateLimit: INVITATION_LIMIT,
  });
  registerEndpoint(
    app,
    consoleLogin,
    (ctx, input, _request, reply) => logInStaff(ctx, staffCookie(ctx, reply), input),
    {
      rateLimit: LOGIN_LIMIT,
    },
  );
  registerEndpoint(app, consoleTwoFactorEnrol, (ctx) => startEnrolment(ctx), { rateLimit: LOGIN_LIMIT });
  registerEndpoint(
    app,
    consoleLoginCode,
    (ctx, input, _request, reply) => submitCode(ctx, staffCookie(ctx, reply), input.code),
    { rateLimit: LOGIN_LIMIT },
  );
  registerEndpoint(app, consoleLogout, (ctx, _input, _request, reply) =>
    logOutStaff(ctx, staffCookie(ctx, reply)),
  );
  registerEndpoint(app, consoleSession, async (ctx, _input, _request, reply) => {
    reply.header('cache-control', 'private, no-store');
    return staffSessionStage(ctx);
  });
  registerEndpoint(app, consoleMe, (ctx) => currentStaff(ctx));
  registerEndpoint(app, consoleReauthenticate, (ctx, input) => reauthenticateStaff(ctx, input), {
    rateLimit: LOGIN_LIMIT,
  });
  registerEndpoint(app, consoleTeam, (ctx, input) => listTeam(ctx, input));
  registerEndpoint(app, consoleTeamInvite, (ctx, input) => inviteToTeam(ctx, input));
  registerEndpoint(app, consoleTeamGrantChange, (ctx, input) => changeGrant(ctx, input));
  registerEndpoint(app, consoleTeamGrantRevoke, (ctx, input) => revokeGrant(ctx, input));
  registerEndpoint(app, consoleTeamStaffDisable, (ctx, input) => disableStaff(ctx, input));
  registerEndpoint(app, consoleTeamStaffEnable, (ctx, input) => enableStaff(ctx, input));
  registerEndpoint(app, consoleLogoutEverywhere, (ctx, _input, _request, reply) =>
    logOutEverywhere(ctx, staffCookie(ctx, reply)),
  );
  registerEndpoint(app, consoleAudit, (ctx, input) => readAuditLog(ctx, input));
  registerEndpoint(app, consoleOperators, (ctx, input) => listOperators(ctx, input));
  registerEndpoint(app, consoleOperator, (ctx, input) => readOperator(ctx, input.id));
}
