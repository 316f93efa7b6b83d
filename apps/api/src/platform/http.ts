import { PERMISSIONS } from '@sentiero/contract/access';
import type { Endpoint } from '@sentiero/contract/endpoint';
import { ZApiError } from '@sentiero/contract/errors';
import { measureDatabaseTime } from '@sentiero/db/timing';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { endpointDoor } from './access.ts';
import type { ServiceContext } from './context.ts';
import { AppError } from './errors.ts';
import { memberCacheOf } from './member-cache.ts';
import type { CachedAnswer, PublicCache } from './public-cache.ts';

declare module 'fastify' {
  interface FastifyInstance {
    publicCache: PublicCache;
  }
}

export type EndpointHandler<E extends Endpoint> = (
  ctx: ServiceContext,
  input: z.output<E['input']>,
  request: FastifyRequest,
  reply: FastifyReply,
) => Promise<z.input<E['output']>>;

/**
 * A state-changing request from a browser must come from our own pages: its Origin (sent by
 * browsers on every POST) must be this host. Clients that send no Origin are not browsers, so
 * they cannot be used for cross-site request forgery.
 */
async function requireSameOrigin(request: FastifyRequest): Promise<void> {
  const origin = request.headers.origin;
  const fetchSite = request.headers['sec-fetch-site'];
  if (fetchSite === 'cross-site') throw new AppError('FORBIDDEN_ORIGIN', 403);
  if (origin === undefined) return;
  let sameHost = false;
  try {
    const from = new URL(origin);
    // Parsed the same way, so `localhost:80` and `http://localhost` compare equal.
    sameHost = from.host === new URL(`${from.protocol}//${request.headers.host}`).host;
  } catch {
    sameHost = false;
  }
  if (!sameHost) throw new AppError('FORBIDDEN_ORIGIN', 403);
}

const PUBLIC_CACHE = 'public, max-age=300, stale-while-revalidate=600';

/**
 * Registers an endpoint of the contract under `/api`: POST with a JSON, urlencoded or
 * multipart body, and for reads also GET with the same fields in the query string.
 */
export function registerEndpoint<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: EndpointHandler<E>,
  options: {
    rateLimit?: { max: number; timeWindow: string };
    /** Files the endpoint takes in a multipart body (see `request-input.ts`); none without it. */
    files?: { max: number; maxBytes: number };
  } = {},
): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const url = `/api${endpoint.path}`;
  const response = { 200: endpoint.output };
  const common = { tags: [endpoint.tag], summary: endpoint.summary, response };
  const { access } = endpoint;
  if (!Object.hasOwn(PERMISSIONS, access)) {
    throw new Error(`${endpoint.path}: its declaration must say who may call it (access)`);
  }
  if (options.files && access === 'public') {
    // A file is read into memory: only for someone known, checked before it is read (access.ts).
    throw new Error(`${endpoint.path} takes files: its declaration must say who may send them (access)`);
  }
  // Before the body is read (preParsing): a refusal that needs only the session costs no upload.
  const requireAccess = endpointDoor(access);

  routes.route({
    method: 'POST',
    url,
    schema: { ...common, body: endpoint.input },
    config: {
      ...(options.rateLimit ? { rateLimit: options.rateLimit } : {}),
      ...(options.files ? { files: options.files } : {}),
    },
    preParsing: requireAccess,
    preHandler: endpoint.kind === 'write' ? requireSameOrigin : undefined,
    handler:
      endpoint.kind === 'write'
        ? async (request, reply) => {
            try {
              return await handler(request.ctx, request.body as z.output<E['input']>, request, reply);
            } finally {
              // The database tells every process of the change; this one forgets before answering,
              // so the member's next call here cannot outrun the news (member-cache.ts).
              const { user, db } = request.ctx;
              if (user) memberCacheOf(db).forgetMember(user.id);
            }
          }
        : (request, reply) => handler(request.ctx, request.body as z.output<E['input']>, request, reply),
  });

  if (endpoint.kind !== 'read') return;
  const isPublic = endpoint.cache === 'public';
  if (isPublic && access !== 'public')
    throw new Error(`${endpoint.path}: a public read cannot be for members only`);
  const cache = app.publicCache;
  if (!isPublic || !cache.enabled) {
    routes.route({
      method: 'GET',
      url,
      schema: { ...common, querystring: endpoint.input },
      // A member's read is never stored, its refusals included (a visitor's 401 before the handler).
      onRequest: isPublic ? undefined : async (_request, reply) => noStore(reply),
      preParsing: requireAccess,
      onSend: isPublic ? reportTotalTime : undefined,
      handler: async (request, reply) => {
        if (isPublic) reply.header('cache-control', PUBLIC_CACHE).header('vary', 'Accept-Language, Cookie');
        const answer = () => handler(request.ctx, request.query as z.output<E['input']>, request, reply);
        return isPublic ? withDatabaseTime(reply, answer) : answer();
      },
    });
    return;
  }

  // A public read: answered from the process's cache when it holds this URL (see PublicCache).
  const serialize = serializerCompiler({ schema: endpoint.output, method: 'GET', url });
  const sendAnswer = (reply: FastifyReply, answer: CachedAnswer) =>
    reply
      .header('cache-control', PUBLIC_CACHE)
      .header('vary', 'Accept-Language, Cookie')
      .header('etag', answer.etag)
      .type('application/json; charset=utf-8')
      .send(answer.body);
  routes.route({
    method: 'GET',
    url,
    schema: { ...common, querystring: endpoint.input },
    onSend: reportTotalTime,
    onRequest: async (request, reply) => {
      const cached = cache.get(cache.key(request));
      if (cached) return sendAnswer(reply.header('server-timing', 'cache;desc="hit"'), cached);
    },
    handler: async (request, reply) => {
      const key = cache.key(request);
      const { made, shared } = cache.once(key, async () => {
        const output = await withDatabaseTime(reply, () =>
          handler(request.ctx, request.query as z.output<E['input']>, request, reply),
        );
        return cache.set(key, serialize(output));
      });
      if (shared) reply.header('server-timing', 'cache;desc="shared"');
      return sendAnswer(reply, await made);
    },
  });
}

function noStore(reply: FastifyReply): void {
  reply.header('cache-control', 'private, no-store').header('vary', 'Accept-Language, Cookie');
}

/**
 * Runs a public read and reports the time its queries kept the database busy as
 * `Server-Timing: db;dur=…` (browsers' developer tools show it; the search benchmark compares it
 * with the answer's whole time, `total`). Public reads only: nothing about a member's data is timed.
 */
async function withDatabaseTime<T>(reply: FastifyReply, answer: () => Promise<T>): Promise<T> {
  const { value, databaseMs } = await measureDatabaseTime(answer);
  reply.header('server-timing', `db;dur=${databaseMs.toFixed(2)}`);
  return value;
}

/**
 * Adds the answer's whole time in this process, from the request's arrival to its body ready to
 * send (validation, the database, serialising and compressing included), as `total;dur=…`.
 */
function reportTotalTime(
  _request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
  done: (err: null, payload: unknown) => void,
): void {
  const timing = reply.getHeader('server-timing');
  if (typeof timing === 'string')
    reply.header('server-timing', `${timing}, total;dur=${reply.elapsedTime.toFixed(2)}`);
  done(null, payload);
}

/**
 * Every API route, whether declared in the contract or by hand (downloads, redirects), documents
 * its refusals as the one error shape. Registered before the routes.
 */
export function documentErrorAnswers(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) return;
    const schema = route.schema ?? {};
    if ((schema as { hide?: boolean }).hide) return;
    route.schema = {
      ...schema,
      response: { '4xx': ZApiError, '5xx': ZApiError, ...(schema.response as object | undefined) },
    };
  });
}
