import {
  contactUs,
  newsletterConfirm,
  newsletterUnsubscribe,
  userNewsletter,
} from '@sentiero/contract/newsletter';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../platform/http.ts';
import { operationAccess } from '../../platform/openapi.ts';
import { confirmNewsletter, sendContactMessage, setNewsletter, unsubscribeNewsletter } from './service.ts';

const FORM_LIMIT = { max: 10, timeWindow: '10 minutes' };

export function registerNewsletterRoutes(app: FastifyInstance) {
  registerEndpoint(app, userNewsletter, (ctx, input) => setNewsletter(ctx, input.subscribed, input.email), {
    rateLimit: FORM_LIMIT,
  });
  registerEndpoint(app, newsletterConfirm, (ctx, input) => confirmNewsletter(ctx, input.token), {
    rateLimit: FORM_LIMIT,
  });
  registerEndpoint(app, newsletterUnsubscribe, (ctx, input) => unsubscribeNewsletter(ctx, input.token), {
    rateLimit: FORM_LIMIT,
  });
  // RFC 8058 one-click: the mail client posts `List-Unsubscribe=One-Click` to the URL of the
  // List-Unsubscribe header, with the token in the query string and no Origin.
  app.post<{ Querystring: Record<string, unknown> }>(
    '/api/app/newsletter/unsubscribe/one-click',
    {
      config: { rateLimit: FORM_LIMIT },
      schema: {
        tags: [newsletterUnsubscribe.tag],
        summary: "Unsubscribes from the newsletter from a mail client's one-click unsubscribe (RFC 8058).",
        ...operationAccess('public'),
        response: { 200: newsletterUnsubscribe.output },
      },
    },
    async (request) => {
      const token = request.query.token;
      return unsubscribeNewsletter(request.ctx, typeof token === 'string' ? token.slice(0, 128) : '');
    },
  );
  registerEndpoint(app, contactUs, (ctx, input) => sendContactMessage(ctx, input), { rateLimit: FORM_LIMIT });
}
