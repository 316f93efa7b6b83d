import {
  alertFollow,
  alertList,
  alertPushSubscribe,
  alertPushTest,
  alertPushUnsubscribe,
  alertSettings,
  alertUnfollow,
  alertUnsubscribe,
} from '@sentiero/contract/alerts';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../platform/http.ts';
import { operationAccess } from '../../platform/openapi.ts';
import { type AlertEvaluationDeps, evaluateAlerts } from './evaluate.ts';
import {
  type AlertServiceDeps,
  followArea,
  listAlerts,
  sendTestPush,
  setAlertSettings,
  subscribePush,
  unfollowArea,
  unsubscribeAlert,
  unsubscribePush,
} from './service.ts';

const FORM_LIMIT = { max: 10, timeWindow: '10 minutes' };
/** Each test push goes out to every device of the member's: a few a minute is plenty. */
const TEST_PUSH_LIMIT = { max: 5, timeWindow: '1 minute' };

export function registerAlertRoutes(app: FastifyInstance, deps: AlertServiceDeps) {
  registerEndpoint(app, alertList, (ctx) => listAlerts(ctx, deps));
  registerEndpoint(app, alertFollow, (ctx, input) => followArea(ctx, deps, input));
  registerEndpoint(app, alertUnfollow, (ctx, input) => unfollowArea(ctx, deps, input.area_id));
  registerEndpoint(app, alertSettings, (ctx, input) => setAlertSettings(ctx, deps, input));
  registerEndpoint(app, alertPushSubscribe, (ctx, input) => subscribePush(ctx, deps, input));
  registerEndpoint(app, alertPushUnsubscribe, (ctx, input) => unsubscribePush(ctx, input.endpoint));
  registerEndpoint(app, alertPushTest, (ctx) => sendTestPush(ctx, deps), { rateLimit: TEST_PUSH_LIMIT });
  registerEndpoint(app, alertUnsubscribe, (ctx, input) => unsubscribeAlert(ctx, input.token), {
    rateLimit: FORM_LIMIT,
  });
  // RFC 8058 one-click: the mail client posts `List-Unsubscribe=One-Click` to the URL of the
  // List-Unsubscribe header, with the token in the query string and no Origin.
  app.post<{ Querystring: Record<string, unknown> }>(
    '/api/app/alert/unsubscribe/one-click',
    {
      config: { rateLimit: FORM_LIMIT },
      schema: {
        tags: [alertUnsubscribe.tag],
        summary: "Stops one followed area's alerts from a mail client's one-click unsubscribe (RFC 8058).",
        ...operationAccess('public'),
        response: { 200: alertUnsubscribe.output },
      },
    },
    async (request) => {
      const token = request.query.token;
      return unsubscribeAlert(request.ctx, typeof token === 'string' ? token.slice(0, 128) : '');
    },
  );
}

/**
 * Runs the daily alert evaluation now, as its 04:47 schedule would. Only outside production
 * (registered by app.ts), for developers and end-to-end tests, like the embedded mailbox.
 */
export function registerAlertRunRoute(app: FastifyInstance, deps: AlertEvaluationDeps) {
  app.post('/dev/alerts/run', { schema: { hide: true } }, async () => evaluateAlerts(deps));
}
