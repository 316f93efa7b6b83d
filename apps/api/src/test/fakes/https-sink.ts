import { createServer, type Server } from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import { issueCertificate, toPem } from './x509.ts';

/*
 * An HTTPS server on 127.0.0.1 that stands for whatever sits inside the server's network (a
 * metadata service, an admin port): tests point members' push endpoints at it and check that
 * nothing ever reached it. It counts connections, not only requests, so a socket opened and
 * dropped (a refused certificate, a timeout) counts as reached too.
 */

export type HttpsSink = {
  /** `https://127.0.0.1:<port>` */
  url: string;
  port: number;
  /** TCP connections accepted so far. */
  connections(): number;
  /** Requests whose head arrived, as `METHOD path`. */
  requests: string[];
  close(): Promise<void>;
};

export async function startHttpsSink(): Promise<HttpsSink> {
  const { certificate, key } = issueCertificate({ commonName: 'localhost' });
  const requests: string[] = [];
  let connections = 0;
  const sockets = new Set<Socket>();
  const server: Server = createServer(
    { cert: toPem(certificate), key: key.export({ type: 'pkcs8', format: 'pem' }) },
    (request, response) => {
      requests.push(`${request.method} ${request.url}`);
      request.resume();
      response.writeHead(201).end();
    },
  );
  server.on('connection', (socket: Socket) => {
    connections++;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  // A client that refuses the certificate drops the handshake: that is no error of the sink's.
  server.on('tlsClientError', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `https://127.0.0.1:${port}`,
    port,
    connections: () => connections,
    requests,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
