import type {
  FastifyDynamicSwaggerOptions,
  SwaggerTransform,
  SwaggerTransformObject,
} from '@fastify/swagger';
import { type Credential, credentialFor, type Permission } from '@sentiero/contract/access';
import { ENDPOINTS } from '@sentiero/contract/endpoints';
import { DEVICE_HEADERS, DEVICE_REQUEST_WINDOW_SECONDS } from '@sentiero/contract/ranger-field';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import { sessionCookieName } from './sessions.ts';
import { staffCookieName } from './staff-sessions.ts';

/** The security schemes' names in the document: the two session cookies, a device's four headers. */
const MEMBER_SESSION = 'memberSession';
const STAFF_SESSION = 'staffSession';
const DEVICE_SCHEMES = {
  device: 'rangerDevice',
  timestamp: 'rangerTimestamp',
  nonce: 'rangerNonce',
  signature: 'rangerSignature',
} as const satisfies Record<keyof typeof DEVICE_HEADERS, string>;

type SecurityRequirement = Record<string, string[]>;

/**
 * What an operation asks of its caller, from the credential its access is asked of (the door's
 * rule, `credentialFor`): nothing, one session cookie, or all four headers of a signed request
 * (one requirement naming four schemes: all of them at once). A switch with no default: a new
 * kind of credential does not compile until the document says how it is shown.
 */
function securityFor(credential: Credential): SecurityRequirement[] {
  switch (credential) {
    case 'none':
      return [];
    case 'member-session':
      return [{ [MEMBER_SESSION]: [] }];
    case 'staff-session':
      return [{ [STAFF_SESSION]: [] }];
    case 'device-signature':
      return [Object.fromEntries(Object.values(DEVICE_SCHEMES).map((scheme) => [scheme, []]))];
  }
}

/**
 * What an operation says about who may call it, from its endpoint's `access`: the credential it
 * asks for as its security requirement, and `x-sentiero-access` naming the permission, which a
 * scheme cannot say (a member from a member with Sentiero+, a desk from an accountant). A public
 * operation says `security: []`: it needs nothing, and says so rather than leaving it unsaid.
 * The one place that turns an access into a security requirement, for declared and hand-written
 * routes alike.
 */
export function operationAccess(access: Permission): OperationAccess {
  return { security: securityFor(credentialFor(access)), 'x-sentiero-access': access };
}

type OperationAccess = { security: SecurityRequirement[]; 'x-sentiero-access': Permission };

/** The credentials as OpenAPI's security schemes: cookies and headers an `apiKey` names. */
function securitySchemes(config: Config) {
  const header = (name: string, description: string) =>
    ({ type: 'apiKey', in: 'header', name, description }) as const;
  return {
    [MEMBER_SESSION]: {
      type: 'apiKey' as const,
      in: 'cookie' as const,
      name: sessionCookieName(config),
      description:
        "The member's session, which a login, a registration or a Facebook login starts. Without it a " +
        'member operation answers 401; a `premium` one answers 403 to a member without Sentiero+.',
    },
    [STAFF_SESSION]: {
      type: 'apiKey' as const,
      in: 'cookie' as const,
      name: staffCookieName(config),
      description:
        "The console's session, apart from the member's: `/api/console/login` starts it and " +
        "`/api/console/login/code` completes it with the authenticator's code. Until then, and " +
        'after 30 minutes unused or 12 hours, a console operation answers 401; one whose ' +
        "`x-sentiero-access` the staff member's roles do not hold (there) answers 403.",
    },
    [DEVICE_SCHEMES.device]: header(
      DEVICE_HEADERS.device,
      "A ranger's enrolled device: the id `/api/ranger/device/enrol` answered. Sent with the other " +
        `three ${DEVICE_SCHEMES.signature} names.`,
    ),
    [DEVICE_SCHEMES.timestamp]: header(
      DEVICE_HEADERS.timestamp,
      `When the request was signed, in Unix seconds: at most ${DEVICE_REQUEST_WINDOW_SECONDS} seconds ` +
        "from the server's clock either way (else 401 `DEVICE_CLOCK_SKEW`).",
    ),
    [DEVICE_SCHEMES.nonce]: header(
      DEVICE_HEADERS.nonce,
      'A random value used once per device, 16 to 64 characters of `A-Z a-z 0-9 _ -` (a second ' +
        'use answers 401 `DEVICE_REQUEST_REPLAYED`).',
    ),
    [DEVICE_SCHEMES.signature]: header(
      DEVICE_HEADERS.signature,
      "The request signed with the device's ECDSA P-256 key (the one whose public JWK it enrolled), " +
        'SHA-256, the signature as r‖s (64 bytes, as WebCrypto gives it) in base64url without ' +
        'padding. Signed text, lines joined by `\\n`: `SENTIERO-DEVICE-1`, the method in capitals, ' +
        'the path with its query string as sent, the device id, the timestamp, the nonce, and the ' +
        "hex SHA-256 of the body's bytes (of no bytes without a body). Sent with the " +
        `${DEVICE_HEADERS.device}, ${DEVICE_HEADERS.timestamp} and ${DEVICE_HEADERS.nonce} headers; ` +
        'a signature that does not hold answers 401 `DEVICE_SIGNATURE_INVALID`, a revoked device ' +
        '`DEVICE_REVOKED`.',
    ),
  };
}

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
          'Each operation names the credential it needs (`security`) and the permission it asks of ' +
          "it (`x-sentiero-access`): the member's session cookie for `member` and `premium` " +
          "(Sentiero+); the console's staff session cookie for the console's permissions; a " +
          "ranger's device signing each request with its key (the `x-ranger-*` headers) for " +
          '`field`. Public operations need none.',
      },
      components: { securitySchemes: securitySchemes(config) },
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
