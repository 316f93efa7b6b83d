import { type AddressInfo, createServer, connect as netConnect, type Server, type Socket } from 'node:net';
import { type Database, openDatabase } from '@sentiero/db/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/database.ts';
import { startMemberCache } from './member-cache.ts';

/**
 * The member cache's listening connection dropped the way a NAT or a proxy drops an idle
 * connection: no reset, no error, the bytes simply stop (issue 21, item 6). A TCP proxy between
 * the process and PostgreSQL forwards everything until told to go silent on the listener's
 * connection, which it then keeps open without passing a byte either way.
 */

const HEARTBEAT_MS = 1000;

type Link = { client: Socket; server: Socket; listener: boolean; silent: boolean };

function startSilencingProxy(target: URL): Promise<{
  url: string;
  silenceListener(): void;
  /** Connections the proxy itself closed towards the process: a silent drop closes none. */
  closedByProxy(): number;
  close(): Promise<void>;
}> {
  const links: Link[] = [];
  let closedByProxy = 0;
  const server: Server = createServer((client) => {
    const upstream = netConnect(Number(target.port || 5432), target.hostname);
    const link: Link = { client, server: upstream, listener: false, silent: false };
    links.push(link);
    client.on('data', (chunk) => {
      // The startup message names the connection (`application_name`).
      if (chunk.includes('listen member_changed')) link.listener = true;
      if (!link.silent) upstream.write(chunk);
    });
    upstream.on('data', (chunk) => {
      if (!link.silent) client.write(chunk);
    });
    client.on('error', () => {});
    upstream.on('error', () => {});
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => {
      if (!link.silent && !client.destroyed) {
        closedByProxy += 1;
        client.destroy();
      }
    });
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const url = new URL(target);
      url.host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
      resolve({
        url: url.toString(),
        silenceListener: () => {
          for (const link of links) if (link.listener) link.silent = true;
        },
        closedByProxy: () => closedByProxy,
        close: () =>
          new Promise<void>((done) => {
            for (const link of links) {
              link.client.destroy();
              link.server.destroy();
            }
            server.close(() => done());
          }),
      });
    });
  });
}

let database: TestDatabase;
let proxy: Awaited<ReturnType<typeof startSilencingProxy>>;
let sut: Database;

beforeAll(async () => {
  database = await createTestDatabase({ seed: false });
  if (!database.url) throw new Error('this test needs PostgreSQL (TEST_DATABASE_URL)');
  proxy = await startSilencingProxy(new URL(database.url));
  sut = await openDatabase({ driver: 'postgres', url: proxy.url, poolSize: 2 });
});
afterAll(async () => {
  await sut.close();
  await proxy.close();
  await database.drop();
});

describe('the member cache when its listening connection goes silent', () => {
  it('stops answering from memory within a heartbeat or two, and listens again by itself', async () => {
    const { cache, stop } = await startMemberCache(sut, 60, { heartbeatMs: HEARTBEAT_MS });
    try {
      const keepAndRead = () => {
        cache.keep('session:heartbeat', 7, 'kept', cache.changes);
        return cache.read('session:heartbeat');
      };
      expect(keepAndRead()).toBe('kept');

      proxy.silenceListener();
      // Unheard, changes could be missed for the whole minute entries last: within two heartbeats
      // (one sent, one waited for) the cache holds nothing, and refuses to keep anything.
      await expect
        .poll(() => cache.read('session:heartbeat'), { timeout: 5 * HEARTBEAT_MS, interval: 50 })
        .toBeUndefined();
      expect(proxy.closedByProxy()).toBe(0);

      // A new connection through the same proxy listens again, and the cache keeps again.
      await expect.poll(keepAndRead, { timeout: 10_000, interval: 100 }).toBe('kept');
    } finally {
      await stop();
    }
  });
});
