import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type TestRequest = { method: string; path: string; headers: IncomingMessage['headers']; body: string };
export type TestReply = {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
  /** Sent as is instead of `body` as JSON: a broken answer. */
  raw?: string;
  /** Waits this long before answering: a provider too slow to wait for. */
  delayMs?: number;
};
export type TestServer = { url: string; requests: TestRequest[]; close(): Promise<void> };

/**
 * A stand-in for a provider's API (payments, weather) on 127.0.0.1, so the providers are tested through their
 * real SDKs and HTTP without any live network.
 */
export async function startTestServer(handle: (request: TestRequest) => TestReply): Promise<TestServer> {
  const requests: TestRequest[] = [];
  const server = createServer(async (incoming: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of incoming) chunks.push(chunk as Buffer);
    const request: TestRequest = {
      method: incoming.method ?? 'GET',
      path: incoming.url ?? '/',
      headers: incoming.headers,
      body: Buffer.concat(chunks).toString('utf8'),
    };
    requests.push(request);
    let reply: TestReply;
    try {
      reply = handle(request);
    } catch (error) {
      reply = { status: 500, body: { message: String(error) } };
    }
    if (reply.delayMs) await new Promise((resolve) => setTimeout(resolve, reply.delayMs));
    if (response.destroyed) return;
    response.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers });
    response.end(reply.raw ?? JSON.stringify(reply.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
