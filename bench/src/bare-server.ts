/**
 * The stack's ceiling for `npm run bench`: a bare node:http server on the same Node, answering
 * what /api/health answers, with nothing else in the way. PORT says where it listens (127.0.0.1).
 */
import { createServer } from 'node:http';

const body = JSON.stringify({
  status: 'ok',
  database: { driver: 'postgres', ok: true, latency_ms: 0.5 },
  uptime_s: 1,
});
createServer((_request, response) => {
  response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  response.end(body);
}).listen(Number(process.env.PORT), '127.0.0.1', () => process.send?.('listening'));
