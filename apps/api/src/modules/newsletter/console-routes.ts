import {
  consoleNewsletterIssue,
  consoleNewsletterIssueCancel,
  consoleNewsletterIssueCreate,
  consoleNewsletterIssuePreview,
  consoleNewsletterIssueResume,
  consoleNewsletterIssueSchedule,
  consoleNewsletterIssues,
  consoleNewsletterIssueTest,
  consoleNewsletterIssueUpdate,
} from '@sentiero/contract/console-newsletter';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../platform/http.ts';
import {
  cancelIssueAsStaff,
  createIssue,
  listIssues,
  previewIssueAsStaff,
  readIssue,
  resumeIssueAsStaff,
  scheduleIssueAsStaff,
  sendTestToSelf,
  updateIssue,
} from './console-issues.ts';
import type { NewsletterIssueDeps } from './issues.ts';

/** A test mail to oneself is a preview: a few a minute are plenty, and it keeps a loop from mailing. */
const TEST_LIMIT = { max: 10, timeWindow: '1 minute' };

/** The console's newsletter issues (ADR 032, 038), with the queue the sending job works. */
export function registerConsoleNewsletterRoutes(app: FastifyInstance, deps: NewsletterIssueDeps) {
  registerEndpoint(app, consoleNewsletterIssues, (ctx, input) => listIssues(ctx, input));
  registerEndpoint(app, consoleNewsletterIssue, (ctx, input) => readIssue(ctx, input.id));
  registerEndpoint(app, consoleNewsletterIssueCreate, (ctx, input) => createIssue(ctx, input));
  registerEndpoint(app, consoleNewsletterIssueUpdate, (ctx, input) => updateIssue(ctx, input.id, input));
  registerEndpoint(app, consoleNewsletterIssuePreview, (ctx, input) =>
    previewIssueAsStaff(ctx, input.id, input.language),
  );
  registerEndpoint(
    app,
    consoleNewsletterIssueTest,
    (ctx, input) => sendTestToSelf(ctx, input.id, input.language),
    {
      rateLimit: TEST_LIMIT,
    },
  );
  registerEndpoint(app, consoleNewsletterIssueSchedule, (ctx, input) =>
    scheduleIssueAsStaff(ctx, deps, input.id, input.at),
  );
  registerEndpoint(app, consoleNewsletterIssueCancel, (ctx, input) => cancelIssueAsStaff(ctx, input.id));
  registerEndpoint(app, consoleNewsletterIssueResume, (ctx, input) =>
    resumeIssueAsStaff(ctx, deps, input.id),
  );
}
