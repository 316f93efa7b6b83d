import { request as httpRequest } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { Readable } from 'node:stream';
import type { Browser, TestApp } from './app.ts';

/*
 * Requests whose body is made as it is sent, over a real socket, for tests that prove the server
 * refuses before reading a body: the bytes each connection took are counted.
 */

/** Listens on a free port and counts the bytes the server takes off each connection it accepts. */
export async function listenCountingBytes(sut: TestApp) {
  const sockets: Socket[] = [];
  sut.app.server.on('connection', (socket: Socket) => sockets.push(socket));
  await sut.app.listen({ port: 0, host: '127.0.0.1' });
  return {
    origin: `http://127.0.0.1:${(sut.app.server.address() as AddressInfo).port}`,
    /** Where the connections opened from now on start. */
    mark: () => sockets.length,
    /** Bytes the server took off the connections accepted since `from`. */
    readSince: (from: number) => sockets.slice(from).reduce((sum, socket) => sum + socket.bytesRead, 0),
  };
}

export const cookieOf = (browser: Browser) =>
  [...browser.jar].map(([name, value]) => `${name}=${value}`).join('; ');

/**
 * POSTs `url` with the chunks `next` makes (null ends the body) and resolves with the answer once
 * it comes, sending nothing more after it: a server that refuses early is never sent the rest.
 */
export function postStreamed(
  url: string,
  headers: Record<string, string>,
  next: () => Buffer | null,
): Promise<{ status: number; body: string }> {
  let answered = false;
  const body = new Readable({
    read() {
      this.push(answered ? null : next());
    },
  });
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(url, { method: 'POST', headers });
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
