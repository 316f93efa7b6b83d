import type {
  FastifyDynamicSwaggerOptions,
  SwaggerTransform,
  SwaggerTransformObject,
} from '@fastify/swagger';
import { rolesHolding } from '@sentiero/contract/access';
import type { Endpoint } from '@sentiero/contract/endpoint';
import { ENDPOINTS } from '@sentiero/contract/endpoints';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import { sessionCookieName } from './sessions.ts';

/** The name of the session cookie's security scheme in the document. */
const SESSION_SCHEME = 'session';

/**
 * What an operation says about who may call it, from its endpoint's `access`: the session cookie as
 * its security requirement, and `x-sentiero-access` naming the access a client must have. A public
 * operation says `security: []`: it needs nothing, and says so rather than leaving it unsaid.
 * The one place that turns an access into a security requirement, for declared and hand-written
 * routes alike; a new kind of access fails to compile here until it is documented.
 */
export function operationAccess(access: Endpoint['access']): OperationAccess {
  // A permission some role must hold needs a signed-in caller: the session cookie.
  const security = rolesHolding(access).length === 0 ? [] : [{ [SESSION_SCHEME]: [] }];
  return { security, 'x-sentiero-access': access };
}

type OperationAccess = { security: Array<Record<string, string[]>>; 'x-sentiero-access': string };

type DeclaredEndpoint = { name: string; endpoint: (typeof ENDPOINTS)[keyof typeof ENDPOINTS] };

const DECLARED_BY_URL = new Map<string, DeclaredEndpoint>(
  Object.entries(ENDPOINTS).map(([name, endpoint]) => [`/api${endpoint.path}`, { name, endpoint }]),
);

/**
 * A stable, unique `operationId`, which generated clients name their methods after. A declared
 * endpoint's is its route name (its export name in the contract): the GET of a read, which the
 * web app calls and caches can keep, has the plain name, and its POST (SPEC's form) adds `Post`.
 * A route declared by hand (a download, a redirect) is named from its method and path.
 */
export function operationIdOf(method: string, url: string): string {
  const declared = DECLARED_BY_URL.get(url);
  if (declared) {
    const isReadByPost = declared.endpoint.kind === 'read' && method === 'POST';
    return isReadByPost ? `${declared.name}Post` : declared.name;
  }
  const words = [method.toLowerCase(), ...url.replace(/^\/api\//, '').split(/[^A-Za-z0-9]+/)];
  return words
    .filter(Boolean)
    .map((word, index) => (index === 0 ? word : word[0]?.toUpperCase() + word.slice(1)))
    .join('');
}

/** Each route's operation: the zod schemas as JSON Schema, then its id and access. */
const describeOperation: SwaggerTransform = (input) => {
  const transformed = jsonSchemaTransform(input as Parameters<typeof jsonSchemaTransform>[0]);
  const { schema = {}, url } = transformed as { schema?: { hide?: boolean }; url: string };
  if (schema.hide || !url.startsWith('/api/')) return transformed;
  const method = String(input.route.method);
  const declared = DECLARED_BY_URL.get(url);
  return {
    url,
    schema: {
      operationId: operationIdOf(method, url),
      ...(declared ? operationAccess(declared.endpoint.access) : {}),
      ...schema,
    },
  };
};

type Document = { components?: { schemas?: Record<string, unknown> } };

/**
 * Only the schemas something refers to: the zod registry makes an input and an output copy of each
 * named schema, and answers use only the output one. An unused copy would make clients generate
 * types nobody reads.
 */
export function withoutUnusedSchemas<D extends Document>(document: D): D {
  const schemas = document.components?.schemas ?? {};
  const refersTo = (value: unknown) =>
    [...JSON.stringify(value).matchAll(/"#\/components\/schemas\/([^"]+)"/g)].map(
      (match) => match[1] as string,
    );
  const { components: _components, ...rest } = document;
  const used = new Set<string>();
  const toVisit = refersTo(rest);
  while (toVisit.length) {
    const name = toVisit.pop() as string;
    if (used.has(name)) continue;
    used.add(name);
    toVisit.push(...refersTo(schemas[name] ?? null));
  }
  const kept = Object.fromEntries(Object.entries(schemas).filter(([name]) => used.has(name)));
  return { ...document, components: { ...document.components, schemas: kept } };
}

/** The options of `@fastify/swagger`: the API's document, generated from the routes. */
export function apiDocumentOptions(config: Config): FastifyDynamicSwaggerOptions {
  return {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: `${config.brand} API`,
        version: '1.0.0',
        description:
          'Every endpoint accepts JSON, urlencoded and multipart bodies; reads also answer GET. ' +
          'Errors are `{ message, code, fields }` with the message in the request language. ' +
          'Operations for members (`x-sentiero-access`: `member`, or `premium` for Sentiero+) need ' +
          'the session cookie that logging in sets.',
      },
      components: {
        securitySchemes: {
          [SESSION_SCHEME]: {
            type: 'apiKey',
            in: 'cookie',
            name: sessionCookieName(config),
            description:
              'The session a login, a registration or a Facebook login starts. Without it a member ' +
              'operation answers 401; a `premium` one answers 403 to a member without Sentiero+.',
          },
        },
      },
    },
    transform: describeOperation,
    // Schemas with an id (`.meta({ id })`) are referenced by $ref; this puts them in components.
    transformObject: (input) =>
      withoutUnusedSchemas(
        jsonSchemaTransformObject(input) as Document,
      ) as ReturnType<SwaggerTransformObject>,
  };
}

/**
 * The server the document's paths are under: PUBLIC_URL where it is set, else the origin the
 * document was asked from. Added per request (`@fastify/swagger-ui` clones the document first).
 */
export function withServer(config: Config) {
  return (document: Readonly<Record<string, unknown>>, request: FastifyRequest, _reply: FastifyReply) => {
    const origin = config.publicUrl?.replace(/\/$/, '') ?? `${request.protocol}://${request.host}`;
    return { ...document, servers: [{ url: origin, description: `${config.brand}` }] };
  };
}
