import type { FastifyInstance } from 'fastify';

/* What the app serves, read from the outside: its API document and Fastify's own list of routes. */

type Operation = { 'x-sentiero-access'?: string };

/**
 * Every API path of the document, without `/api`, with the access its operations say (the
 * document's `x-sentiero-access`, from the declaration or from `operationAccess` beside a
 * hand-written route): a path whose methods disagree reads as both, one that says nothing as
 * `undeclared`.
 */
export async function servedAccess(app: FastifyInstance): Promise<Record<string, string>> {
  const answer = await app.inject({ method: 'GET', url: '/api/docs/json' });
  if (answer.statusCode !== 200) throw new Error(`the API document answered ${answer.statusCode}`);
  const paths: Record<string, Record<string, Operation>> = answer.json().paths;
  const served: Record<string, string> = {};
  for (const [url, operations] of Object.entries(paths)) {
    if (!url.startsWith('/api/') || url.startsWith('/api/docs')) continue;
    const said = new Set(Object.values(operations).map((operation) => operation['x-sentiero-access']));
    served[url.slice('/api'.length)] = [...said].map((access) => access ?? 'undeclared').join(' | ');
  }
  return served;
}

/**
 * Every URL the app has a route for, documented or not, read from Fastify's own listing: a tree
 * whose lines are `├── /api/app/ticket/list (…)`, with a longer path under the one it extends.
 */
export function servedRoutes(app: FastifyInstance): string[] {
  const urls: string[] = [];
  const above: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)[├└]── (\S+) \(/.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? '').length / 4;
    const url = (above[depth - 1] ?? '') + match[2];
    above.length = depth;
    above.push(url);
    urls.push(url);
  }
  return urls;
}
