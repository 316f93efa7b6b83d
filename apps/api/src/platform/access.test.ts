import { randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { Readable } from 'node:stream';
import type { Permission } from '@sentiero/contract/access';
import { defineEndpoint } from '@sentiero/contract/endpoint';
import { MAX_PHOTO_UPLOAD_BYTES } from '@sentiero/contract/photo-files';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type Browser, createTestApp, type TestApp } from '../test/app.ts';
import { createMember } from '../test/factories.ts';
import { registerEndpoint } from './http.ts';

/*
 * Endpoints for members only refuse a request from its headers, before its body is read (issue
 * 21, item 4): over real HTTP, so what the server reads off the socket can be counted.
 */

let sut: TestApp;
let origin: string;
let plain: Browser;
/** Every connection the server accepted, to read how many bytes it took off each. */
const sockets: Socket[] = [];

beforeAll(async () => {
  sut = await createTestApp({ RATE_LIMITS: 'off' });
  sut.app.server.on('connection', (socket: Socket) => sockets.push(socket));
  await sut.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(sut.app.server.address() as AddressInfo).port}`;
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
  let answered = false;
  const body = new Readable({
    read() {
      if (answered) return this.push(null);
      if (sent === 0) {
        sent += PROLOGUE.length;
        return this.push(PROLOGUE);
      }
      const left = (fileBytes ?? NEVER_ENDING) + PROLOGUE.length - sent;
      if (left <= 0) {
        this.push(Buffer.from(`\r\n--${BOUNDARY}--\r\n`));
        return this.push(null);
      }
      const chunk = left < CHUNK.length ? CHUNK.subarray(0, left) : CHUNK;
      sent += chunk.length;
      this.push(chunk);
    },
  });
  // The never-ending one is chunked: no length tells the server what is coming.
  const length = fileBytes === undefined ? undefined : PROLOGUE.length + fileBytes + BOUNDARY.length + 8;
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(`${origin}/api${path}?lng=en`, {
      method: 'POST',
      headers: {
        'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
        ...(length === undefined ? {} : { 'content-length': String(length) }),
        ...(cookie ? { cookie } : {}),
      },
    });
    outgoing.on('response', (response) => {
      answered = true;
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (part) => {
        text += part;
      });
      response.on('end', () => {
        outgoing.destroy();
        resolve({ status: response.statusCode ?? 0, body: text });
      });
    });
    // The server closing the connection while this side still sends is the point, not a failure.
    outgoing.on('error', (error) => {
      if (!answered) reject(error);
    });
    body.pipe(outgoing);
  });
}

const cookieOf = (browser: Browser) => [...browser.jar].map(([name, value]) => `${name}=${value}`).join('; ');

/** Bytes the server took off the connections accepted since `from`. */
const readSince = (from: number) => sockets.slice(from).reduce((sum, socket) => sum + socket.bytesRead, 0);

describe('an upload to an endpoint for Sentiero+ members', () => {
  it('asks a visitor to log in without reading an upload that never ends', async () => {
    for (const path of ['/app/photo/upload', '/app/find/import']) {
      const from = sockets.length;
      const answer = await upload(path, {});
      expect(answer.status, answer.body).toBe(401);
      expect(JSON.parse(answer.body).code).toBe('UNAUTHENTICATED');
      // The server read the headers and what the network had already delivered, not the file.
      expect(readSince(from)).toBeLessThan(MAX_PHOTO_UPLOAD_BYTES / 4);
    }
  });

  it('refuses a member without Sentiero+ before reading the upload', async () => {
    for (const path of ['/app/photo/upload', '/app/find/import']) {
      const from = sockets.length;
      const answer = await upload(path, { cookie: cookieOf(plain) });
      expect(answer.status, answer.body).toBe(403);
      expect(JSON.parse(answer.body).code).toBe('PREMIUM_REQUIRED');
      expect(readSince(from)).toBeLessThan(MAX_PHOTO_UPLOAD_BYTES / 4);
    }
  });

  it('holds no memory for 100 anonymous 15 MB uploads', async () => {
    const from = sockets.length;
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
    expect(megabytes(readSince(from))).toBeLessThan(100);
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
