/**
 * How the server's log reads. JSON lines (pino's own) for machines: production, CI, files and
 * containers. In development on a terminal, one short coloured line per event for the person
 * watching it, and one line per request that matters instead of pino's two per request.
 */
import { styleText } from 'node:util';
import type { FastifyInstance, FastifyRequest } from 'fastify';

export type LogFormat = 'json' | 'pretty';

/** `LOG_FORMAT` when given; otherwise pretty only where a person reads it: a terminal, not production. */
export function chooseLogFormat(
  explicit: LogFormat | undefined,
  env: 'development' | 'production' | 'test',
  isTerminal: boolean,
): LogFormat {
  return explicit ?? (env !== 'production' && isTerminal ? 'pretty' : 'json');
}

type Colour = Parameters<typeof styleText>[0];
const LEVELS: Record<number, { label: string; colour: Colour }> = {
  10: { label: 'TRACE', colour: 'gray' },
  20: { label: 'DEBUG', colour: 'gray' },
  30: { label: 'INFO ', colour: 'green' },
  40: { label: 'WARN ', colour: 'yellow' },
  50: { label: 'ERROR', colour: 'red' },
  60: { label: 'FATAL', colour: ['red', 'bold'] },
};
const ERROR_LEVEL = 50;

/**
 * Fields every line has, or that say nothing to a person reading along; `detail` holds what only
 * the JSON lines carry (the message already says it in short).
 */
const UNSHOWN = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'reqId', 'detail']);

/** Fastify's own line per address; the ready line (main.ts) gives the addresses that matter. */
const LISTENING = /^Server listening at /;

const LONGEST_VALUE = 160;

type SerializedError = { type?: string; message?: string; stack?: string };

function showValue(key: string, value: unknown, level: number): string {
  if (key === 'err' && value && typeof value === 'object') {
    const error = value as SerializedError;
    const summary = `${error.type ?? 'Error'}: ${error.message ?? ''}`;
    // A warning (a provider down, a job to be retried) is one line; an error keeps where it came from.
    return level >= ERROR_LEVEL && error.stack ? `\n${error.stack}` : summary;
  }
  const text = typeof value === 'string' && !/\s/.test(value) ? value : JSON.stringify(value);
  return text.length > LONGEST_VALUE ? `${text.slice(0, LONGEST_VALUE)}…` : text;
}

/** One log line as a person reads it: time, level, message, then the other fields as key=value. */
export function formatLogLine(line: string): string | null {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return line.trimEnd();
  }
  const message = typeof entry.msg === 'string' ? entry.msg : '';
  if (LISTENING.test(message)) return null;
  const level = typeof entry.level === 'number' ? entry.level : 30;
  const { label, colour } = LEVELS[level] ?? { label: String(level), colour: 'white' };
  const time = new Date(typeof entry.time === 'number' ? entry.time : Date.now()).toTimeString().slice(0, 8);
  const fields = Object.entries(entry)
    .filter(([key, value]) => !UNSHOWN.has(key) && value !== undefined)
    .map(([key, value]) => `${styleText('dim', `${key}=`)}${showValue(key, value, level)}`);
  return [styleText('dim', time), styleText(colour, label), message, ...fields].join(' ');
}

/** A destination for pino that writes each JSON line to stdout as `formatLogLine` shows it. */
export function prettyLogStream(output: NodeJS.WritableStream = process.stdout): {
  write(line: string): void;
} {
  return {
    write(chunk) {
      for (const line of chunk.split('\n')) {
        if (!line) continue;
        const shown = formatLogLine(line);
        if (shown !== null) output.write(`${shown}\n`);
      }
    },
  };
}

/** Answers nobody watching a development server wants a line for, unless they failed. */
const QUIET_PATHS = /^\/(api\/health$|assets\/|locales\/)|\.[a-z0-9]{2,11}$/i;

/** The pages' API calls answered in-process (web.ts renders pages with `app.inject`): part of their page's line. */
const answeredInProcess = (request: FastifyRequest) => '_lightMyRequest' in request.raw;

/**
 * In pretty mode Fastify's two lines per request (`disableRequestLogging` in app.ts) become one:
 * `GET /api/orders 200 12 ms`, with none for health checks and static files that succeeded.
 */
export function logRequestsBriefly(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    const path = request.url.split('?')[0] ?? request.url;
    if (answeredInProcess(request)) return;
    if (reply.statusCode < 400 && QUIET_PATHS.test(path)) return;
    const line = `${request.method} ${request.url} ${reply.statusCode} ${Math.round(reply.elapsedTime)} ms`;
    if (reply.statusCode >= 500) request.log.error(line);
    else request.log.info(line);
  });
}
