import {
  consoleApplication,
  consoleApplicationApprove,
  consoleApplicationReject,
  consoleApplications,
} from '@sentiero/contract/console-applications';
import { workWithUsBuy, workWithUsComplete, workWithUsPlans } from '@sentiero/contract/work-with-us';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../platform/http.ts';
import { applyToSell, completeApplication, listApplicationPlans, type WorkWithUsDeps } from './apply.ts';
import {
  approveAsAdmin,
  listApplicationsForReview,
  readApplication,
  rejectAsAdmin,
} from './console-review.ts';

/** As the contact form's: a person fills it in now and then, a script does not get to flood it. */
const FORM_LIMIT = { max: 10, timeWindow: '10 minutes' };

export function registerWorkWithUsRoutes(app: FastifyInstance, deps: WorkWithUsDeps) {
  registerEndpoint(app, workWithUsPlans, (ctx) => listApplicationPlans(ctx));
  registerEndpoint(app, workWithUsBuy, (ctx, input) => applyToSell(ctx, deps, input), {
    rateLimit: FORM_LIMIT,
  });
  registerEndpoint(app, workWithUsComplete, (ctx, input) => completeApplication(ctx, deps, input.reference), {
    rateLimit: FORM_LIMIT,
  });
  // The console's review (issue 23, item 5).
  registerEndpoint(app, consoleApplications, (ctx, input) => listApplicationsForReview(ctx, input));
  registerEndpoint(app, consoleApplication, (ctx, input) => readApplication(ctx, input.id));
  registerEndpoint(app, consoleApplicationApprove, (ctx, input) => approveAsAdmin(ctx, input.id));
  registerEndpoint(app, consoleApplicationReject, (ctx, input) => rejectAsAdmin(ctx, deps, input));
}
