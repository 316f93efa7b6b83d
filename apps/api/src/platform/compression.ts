import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply } from 'fastify';

/**
 * Compresses the answers the app writes itself (API JSON, the HTML of every page, the sitemap)
 * with brotli or gzip, whichever the request's Accept-Encoding prefers. Static files are not
 * touched here: the build writes their .br and .gz copies and @fastify/static picks one.
 *
 * Registered after @fastify/etag, so the ETag is that of the plain body (weak, so one tag fits
 * every encoding) and an If-None-Match that matches is already a 304 with no body here.
 */

export type ContentCoding = 'br' | 'gzip';

// Below about 1 KB the bytes saved do not pay for the work: /api/health and most errors go as they are.
const MIN_BYTES = 1024;
// Speed over the last percent of size (ADR 015): brotli 4 makes our pages about a tenth smaller
// than gzip 6 and large answers much smaller; quality 11 is for the build's static files.
const BROTLI_OPTIONS = { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } };
const GZIP_OPTIONS = { level: 6 };
// Compressing a few kilobytes takes 20–60 µs, less than handing the work to libuv's thread pool
// costs (zlib's callback API streams the body through a new compressor object): small bodies are
// compressed on the event loop, large ones (the sitemap, the OpenAPI document) off it.
const SYNC_MAX_BYTES = 64 * 1024;

// Text that shrinks; images, PDFs and fonts are compressed already. A stream of server-sent
// events must reach the browser event by event, which a compressor would hold back.
const COMPRESSIBLE =
  /^(?:text\/(?!event-stream)[\w.+-]+|application\/(?:json|javascript|xml|[\w.-]+\+(?:json|xml))|image\/svg\+xml)(?:;|$)/i;

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** A body as this server compresses it. */
export async function compressBody(coding: ContentCoding, body: Buffer | string): Promise<Buffer> {
  if (Buffer.byteLength(body) <= SYNC_MAX_BYTES) {
    return coding === 'br' ? brotliCompressSync(body, BROTLI_OPTIONS) : gzipSync(body, GZIP_OPTIONS);
  }
  return coding === 'br' ? brotliAsync(body, BROTLI_OPTIONS) : gzipAsync(body, GZIP_OPTIONS);
}

/**
 * The coding to send for an Accept-Encoding header (RFC 9110, 12.5.3), or undefined for the
 * body as it is: no header, `identity`, a q of 0 for both codings, or identity preferred.
 * On equal q brotli wins: it is the smaller of the two.
 */
export function chooseContentCoding(acceptEncoding: string | undefined): ContentCoding | undefined {
  if (!acceptEncoding) return undefined;
  let br: number | undefined;
  let gzipQ: number | undefined;
  let identity: number | undefined;
  let any: number | undefined;
  for (const entry of acceptEncoding.split(',')) {
    const [token = '', ...params] = entry.split(';');
    const coding = token.trim().toLowerCase();
    let q = 1;
    for (const param of params) {
      const [name = '', value = ''] = param.split('=');
      // A q that is not a number from 0 to 1 refuses the coding rather than guessing.
      if (name.trim().toLowerCase() === 'q')
        q = /^\s*(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)\s*$/.test(value) ? Number(value) : 0;
    }
    if (coding === 'br') br = q;
    else if (coding === 'gzip' || coding === 'x-gzip') gzipQ = q;
    else if (coding === 'identity') identity = q;
    else if (coding === '*') any = q;
  }
  const brQ = br ?? any ?? 0;
  const gzQ = gzipQ ?? any ?? 0;
  const [coding, q]: [ContentCoding, number] = brQ >= gzQ ? ['br', brQ] : ['gzip', gzQ];
  if (q === 0 || (identity !== undefined && identity > q)) return undefined;
  return coding;
}

export function isCompressible(contentType: unknown): boolean {
  return typeof contentType === 'string' && COMPRESSIBLE.test(contentType);
}

/**
 * The compressed copies of recent answers, keyed by their text: the same page or catalogue
 * answer in the same language is compressed once, not on every request. Looking a 5 KB answer
 * up costs about 8 µs (hashing and comparing the text), a seventh of compressing it with
 * brotli. Keyed by content, a copy is never stale; the least recently used answers go first
 * once the copies and their texts pass `maxBytes`.
 */
export class CompressedAnswers {
  readonly #answers = new Map<string, Partial<Record<ContentCoding, Buffer>>>();
  readonly #maxBytes: number;
  readonly #maxAnswerBytes: number;
  #bytes = 0;

  constructor(maxBytes: number, maxAnswerBytes: number) {
    this.#maxBytes = maxBytes;
    this.#maxAnswerBytes = maxAnswerBytes;
  }

  get size(): number {
    return this.#answers.size;
  }

  async compress(coding: ContentCoding, text: string): Promise<Buffer> {
    // A string may hold two bytes per character; counted that way the bound holds for any text.
    if (text.length * 2 > this.#maxAnswerBytes) return compressBody(coding, text);
    const copies = this.#answers.get(text);
    if (copies) {
      this.#answers.delete(text);
      this.#answers.set(text, copies);
      const kept = copies[coding];
      if (kept) return kept;
    }
    const compressed = await compressBody(coding, text);
    const entry = this.#answers.get(text) ?? {};
    if (!this.#answers.has(text)) {
      this.#answers.set(text, entry);
      this.#bytes += text.length * 2;
    }
    if (!entry[coding]) {
      entry[coding] = compressed;
      this.#bytes += compressed.length;
    }
    for (const [oldest, copies] of this.#answers) {
      if (this.#bytes <= this.#maxBytes) break;
      this.#answers.delete(oldest);
      this.#bytes -= oldest.length * 2 + (copies.br?.length ?? 0) + (copies.gzip?.length ?? 0);
    }
    return compressed;
  }
}

function varyOnAcceptEncoding(reply: FastifyReply): void {
  const vary = reply.getHeader('vary');
  const current = Array.isArray(vary) ? vary.join(', ') : typeof vary === 'string' ? vary : '';
  if (current === '') reply.header('vary', 'Accept-Encoding');
  else if (!/(?:^|,)\s*(?:accept-encoding|\*)\s*(?:,|$)/i.test(current))
    reply.header('vary', `${current}, Accept-Encoding`);
}

/** Answers meant for one member or one moment are not kept: they would only push out the shared ones. */
function isShared(reply: FastifyReply): boolean {
  const cacheControl = reply.getHeader('cache-control');
  return typeof cacheControl !== 'string' || !/\b(?:private|no-store)\b/i.test(cacheControl);
}

export function compressResponses(
  app: FastifyInstance,
  answers = new CompressedAnswers(16 * 1024 * 1024, 256 * 1024),
): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    // Streams are files: static ones come with their own .br or .gz, downloads go as they are.
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return done(null, payload);
    const status = reply.statusCode;
    const contentType = reply.getHeader('content-type');
    if (status === 304) {
      // A 304 names the headers the full answer would have had (RFC 9110, 15.4.5).
      if (isCompressible(contentType)) varyOnAcceptEncoding(reply);
      return done(null, payload);
    }
    if (status < 200 || status === 204 || status === 206 || reply.hasHeader('content-encoding'))
      return done(null, payload);
    if (!isCompressible(contentType) || Buffer.byteLength(payload) < MIN_BYTES) return done(null, payload);
    varyOnAcceptEncoding(reply);
    // A HEAD answer has no body to compress; its headers describe the plain one.
    if (request.method === 'HEAD') return done(null, payload);
    const coding = chooseContentCoding(request.headers['accept-encoding']);
    if (!coding) return done(null, payload);
    const compressed =
      typeof payload === 'string' && isShared(reply)
        ? answers.compress(coding, payload)
        : compressBody(coding, payload);
    compressed.then(
      (body) => {
        reply.header('content-encoding', coding);
        // Fastify counts the compressed bytes itself; a length a handler set would be the plain one.
        reply.removeHeader('content-length');
        done(null, body);
      },
      (err: unknown) => done(err as Error),
    );
  });
}
