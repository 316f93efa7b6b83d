import { Readable } from 'node:stream';
import { findUnstorableText } from '@sentiero/contract/text';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Files a route takes in a multipart body; without it, a file part is refused with 413. */
    files?: { max: number; maxBytes: number };
  }
}

/** No form nests deeper (guests in a purchase are three levels); deeper is an attack on the stack. */
const MAX_NESTING = 16;

/** Fields of a form: enough for the longest form (sign-up), small enough to bound memory. */
const MULTIPART_LIMITS = { fields: 100, fieldSize: 64 * 1024, fieldNameSize: 200 };

/**
 * The rules every request meets before its route sees it, whatever its content type:
 * a multipart body is read into plain fields (files only where the route takes them, within its
 * limits), a body that cannot be read is a 400, and no string or key of the body, query or path
 * may hold text PostgreSQL cannot store as sent (`isStorableText`). Runs before validation, so a
 * refused request never reaches a service and writes nothing.
 */
export function installRequestInputRules(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (request.isMultipart()) request.body = await readMultipartFields(request);
    if (isNestedDeeperThan(request.body, MAX_NESTING)) throw new AppError('VALIDATION_FAILED', 400);
    for (const [source, value] of [
      ['body', request.body],
      ['query', request.query],
      ['params', request.params],
    ] as const) {
      const path = findUnstorableText(value);
      if (path !== null) throw new AppError('VALIDATION_FAILED', 400, { [path || source]: 'invalidText' });
    }
  });
}

/**
 * The request whose stream the multipart reader reads: itself, or for a ranger's device, whose
 * door drained the stream to check the body's signature, a view of it reading those same bytes.
 */
function sourceOf(request: FastifyRequest): FastifyRequest {
  const bytes = request.deviceBody;
  if (bytes === undefined) return request;
  const raw = Object.assign(Readable.from(bytes.length > 0 ? [bytes] : []), { headers: request.raw.headers });
  return Object.create(request, { raw: { value: raw } }) as FastifyRequest;
}

async function readMultipartFields(request: FastifyRequest): Promise<Record<string, unknown>> {
  const files = request.routeOptions.config.files;
  const body: Record<string, unknown> = {};
  const keep = (name: string, value: unknown) => {
    const earlier = body[name];
    if (earlier === undefined) body[name] = value;
    else if (Array.isArray(earlier)) earlier.push(value);
    else body[name] = [earlier, value];
  };
  // Which file was being read when a limit was passed, so the refusal names it.
  let tooLarge: Record<string, string> | undefined;
  // Busboy's limits are per field; Fastify's body limit does not reach a streamed multipart body.
  // Together a form's fields are held to the body limit of JSON, files aside (their own limits).
  const fieldBytesLimit = request.routeOptions.bodyLimit ?? request.server.initialConfig.bodyLimit;
  let fieldBytes = 0;
  try {
    const parts = sourceOf(request).parts({
      limits: {
        ...MULTIPART_LIMITS,
        files: files?.max ?? 0,
        fileSize: files?.maxBytes ?? 0,
        parts: MULTIPART_LIMITS.fields + (files?.max ?? 0),
      },
    });
    for await (const part of parts) {
      if (part.type === 'file') {
        tooLarge = { [part.fieldname]: 'fileTooLarge' };
        // toBuffer throws a 413 once the file passes the route's size limit.
        keep(part.fieldname, await part.toBuffer());
        tooLarge = undefined;
      } else if (part.valueTruncated || part.fieldnameTruncated) {
        // busboy cuts an over-long field silently; storing half a text is worse than refusing it.
        throw new AppError('PAYLOAD_TOO_LARGE', 413);
      } else {
        fieldBytes += Buffer.byteLength(part.fieldname) + Buffer.byteLength(String(part.value));
        if (fieldBytes > fieldBytesLimit) throw new AppError('PAYLOAD_TOO_LARGE', 413);
        keep(part.fieldname, part.value);
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const status = (error as { statusCode?: number }).statusCode;
    // Limits (parts, files, fields, sizes) are 413s; anything else busboy or the plugin refuses —
    // no boundary, a body cut before its closing boundary, a field named like a prototype
    // property — is a body we cannot read.
    if (status === 413) throw new AppError('PAYLOAD_TOO_LARGE', 413, tooLarge);
    request.log.info({ err: error }, 'unreadable multipart body');
    throw new AppError('VALIDATION_FAILED', 400);
  }
  return body;
}

/** Walks without recursion, so that a hostile body cannot exhaust the stack while being measured. */
function isNestedDeeperThan(value: unknown, limit: number): boolean {
  const pending: Array<[unknown, number]> = [[value, 0]];
  while (pending.length > 0) {
    const [node, depth] = pending.pop() as [unknown, number];
    if (node === null || typeof node !== 'object' || node instanceof Uint8Array) continue;
    if (depth >= limit) return true;
    for (const item of Object.values(node)) pending.push([item, depth + 1]);
  }
  return false;
}
