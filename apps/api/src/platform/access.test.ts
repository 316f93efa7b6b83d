import { randomUUID } from 'node:crypto';
import type { Permission } from '@sentiero/contract/access';
import { defineEndpoint } from '@sentiero/contract/endpoint';
import { MAX_PHOTO_UPLOAD_BYTES } from '@sentiero/contract/photo-files';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type Browser, createTestApp, type TestApp } from '../test/app.ts';
import { createMember } from '../test/factories.ts';
import { cookieOf, listenCountingBytes, postStreamed } from '../test/streamed-requests.ts';
import { registerEndpoint } from './http.ts';

/*
 * Endpoints for members only refuse a request from its headers, before its body is read (issue
 * 21, item 4): over real HTTP, so what the server reads off the socket can be counted.
 */

let sut: TestApp;
let plain: Browser;
let net: Awaited<ReturnType<typeof listenCountingBytes>>;

beforeAll(async () => {
  sut = await createTestApp({ RATE_LIMITS: 'off' });
  net = await listenCountingBytes(sut);
  plain = await createMember(sut, 'Senzapiu');
});
afterAll(() => sut.close());

const BOUNDARY = 'sentiero-unread-upload';
const PROLOGUE = Buffer.from(
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="id"\r\n\r\n${randomUUID()}\r\n` +
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="IMG_0001.jpg"\r\n` +
    'Content-Type: image/jpeg\r\n\r\n',
);
const CHUNK = Buffer.alloc(64 * 1024, 0xff);
/** A body no limit lets through whole: four times the largest upload, sent until answered. */
const NEVER_ENDING = 4 * MAX_PHOTO_UPLOAD_BYTES;

/**
 * Sends a multipart upload whose file is `fileBytes` long (made as it is sent, from one shared
 * chunk), or as good as never-ending, and resolves with the answer once it comes, no longer sending.
 */
function upload(
  path: string,
  { cookie, fileBytes }: { cookie?: string; fileBytes?: number },
): Promise<{ status: number; body: string }> {
  let sent = 0;
  let ended = false;
  const next = (): Buffer | null => {
    if (ended) return null;
    if (sent === 0) {
      sent += PROLOGUE.length;
      return PROLOGUE;
    }
    const left = (fileBytes ?? NEVER_ENDING) + PROLOGUE.length - sent;
    if (left <= 0) {
      ended = true;
      return Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
    }
    const chunk = left < CHUNK.length ? CHUNK.subarray(0, left) : CHUNK;
    sent += chunk.length;
    return chunk;
  };
  // The never-ending one is chunked: no length tells the server what is coming.
  const length = fileBytes === undefined ? undefined : PROLOGUE.length + fileBytes + BOUNDARY.length + 8;
  return postStreamed(
    `${net.origin}/api${path}?lng=en`,
    {
      'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
      ...(length === undefined ? {} : { 'content-length': String(length) }),
      ...(cookie ? { cookie } : {}),
    },
    next,
  );
}

describe('an upload to an endpoint for Sentiero+ members', () => {
  it('asks a visitor to log in without reading an upload that never ends', async () => {
    for (const path of ['/app/photo/upload', '/app/find/import']) {
      const from = net.mark();
      const answer = await upload(path, {});
      expect(answer.status, answer.body).toBe(401);
      expect(JSON.parse(answer.body).code).toBe('UNAUTHENTICATED');
      // The server read the headers and what the network had already delivered, not the file.
      expect(net.readSince(from)).toBeLessThan(MAX_PHOTO_UPLOAD_BYTES / 4);
    }
  });

  it('refuses a member without Sentiero+ before reading the upload', async () => {
    for (const path of ['/app/photo/upload', '/app/find/import']) {
      const from = net.mark();
      const answer = await upload(path, { cookie: cookieOf(plain) });
      expect(answer.status, answer.body).toBe(403);
      expect(JSON.parse(answer.body).code).toBe('PREMIUM_REQUIRED');
      expect(net.readSince(from)).toBeLessThan(MAX_PHOTO_UPLOAD_BYTES / 4);
    }
  });

  it('holds no memory for 100 anonymous 15 MB uploads', async () => {
    const from = net.mark();
    // What a body read into memory is held in: Buffers, outside V8's heap. This process is the
    // client too, so its resident size would count the sending; buffers held count the reading.
    const before = process.memoryUsage().arrayBuffers;
    let peak = before;
    const sampling = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().arrayBuffers);
    }, 2);
    const statuses: number[] = [];
    try {
      // Ten at a time, as from a handful of scripts.
      for (let round = 0; round < 10; round++) {
        const answers = await Promise.all(
          Array.from({ length: 10 }, () =>
            upload('/app/photo/upload', { fileBytes: MAX_PHOTO_UPLOAD_BYTES - 1024 }),
          ),
        );
        statuses.push(...answers.map((answer) => answer.status));
      }
    } finally {
      clearInterval(sampling);
    }
    expect(new Set(statuses)).toEqual(new Set([401]));
    const megabytes = (bytes: number) => Math.round(bytes / 1024 / 1024);
    // 1,500 MB were offered; a server that read them would hold 150 MB at a time, ten uploads of 15.
    expect(megabytes(net.readSince(from))).toBeLessThan(100);
    expect(megabytes(peak - before)).toBeLessThan(60);
    expect(megabytes(process.memoryUsage().arrayBuffers - before)).toBeLessThan(60);
  });
});

describe('an endpoint that takes files', () => {
  it('cannot be registered for everyone', () => {
    const upload = (access: Permission) =>
      defineEndpoint({
        path: '/app/test/upload',
        kind: 'write',
        access,
        tag: 'test',
        summary: 'An upload',
        input: z.object({ file: z.instanceof(Uint8Array) }),
        output: z.object({ ok: z.boolean() }),
      });
    const files = { max: 1, maxBytes: 1024 };
    expect(() =>
      registerEndpoint(Fastify(), upload('public'), async () => ({ ok: true }), { files }),
    ).toThrow(/takes files: its declaration must say who may send them/);
    expect(() =>
      registerEndpoint(Fastify(), upload('member'), async () => ({ ok: true }), { files }),
    ).not.toThrow();
  });
});
