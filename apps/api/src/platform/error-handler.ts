import type { ApiError, ErrorCode } from '@sentiero/contract/errors';
import type { Language } from '@sentiero/contract/languages';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from './database-errors.ts';
import { AppError } from './errors.ts';
import { errorMessage, fieldMessage, resolveLanguage } from './i18n.ts';

const STATUS_CODES: Partial<Record<number, ErrorCode>> = {
  404: 'NOT_FOUND',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
  503: 'SERVICE_UNAVAILABLE',
};

const FIELD_PREFIX = 'field.';

function body(language: Language, code: ErrorCode, fields?: Record<string, string>): ApiError {
  return fields
    ? { message: errorMessage(language, code), code, fields }
    : { message: errorMessage(language, code), code };
}

/** Every failure leaves as `{ message, code, fields }` in the request's language; no stack traces. */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const language = request.lang;

    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      const sent = (request.method === 'GET' ? request.query : request.body) as
        | Record<string, unknown>
        | undefined;
      for (const issue of error.validation) {
        const path = issue.instancePath.replace(/^\//, '').split('/').filter(Boolean);
        const value = path.reduce<unknown>(
          (node, key) => (node as Record<string, unknown> | undefined)?.[key],
          sent,
        );
        const missing = value === undefined || value === null || value === '';
        // The contract names a field-specific message as `field.<key>` (SPEC's exact texts).
        const named = issue.message?.startsWith(FIELD_PREFIX)
          ? issue.message.slice(FIELD_PREFIX.length)
          : null;
        fields[path.join('.') || '_'] ??= fieldMessage(language, named ?? (missing ? 'required' : 'invalid'));
      }
      return reply.code(400).send(body(language, 'VALIDATION_FAILED', fields));
    }

    if (error instanceof AppError) {
      const fields = error.fields
        ? Object.fromEntries(
            Object.entries(error.fields).map(([name, kind]) => [name, fieldMessage(language, kind)]),
          )
        : undefined;
      if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
      return reply.code(error.status).send(body(language, error.code, fields));
    }

    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Malformed JSON, an unknown content type, a broken multipart body, a rate limit...
      request.log.info({ err: error }, 'request refused');
      return reply.code(status).send(body(language, STATUS_CODES[status] ?? 'VALIDATION_FAILED'));
    }

    if (isDatabaseUnavailable(error)) {
      // The database dropped or refused the connection: the request may be tried again shortly.
      request.log.warn({ err: error }, 'database unavailable');
      return reply.code(503).send(body(language, 'SERVICE_UNAVAILABLE'));
    }

    request.log.error({ err: error }, 'request failed');
    return reply.code(status === 503 ? 503 : 500).send(body(language, STATUS_CODES[status] ?? 'INTERNAL'));
  });
}

export function sendNotFound(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  return reply.code(404).send(body(request.lang, 'NOT_FOUND'));
}

/**
 * Fastify's own refusals before routing (a URL that cannot be percent-decoded, a path parameter
 * past its length): the same error shape, in the language the browser asks for.
 */
export function answerUnreadableRequest(
  _error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  const language = resolveLanguage({ acceptLanguage: request.headers['accept-language'] });
  reply.code(400).send(body(language, 'VALIDATION_FAILED'));
}
