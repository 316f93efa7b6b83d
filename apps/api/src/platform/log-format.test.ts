import { stripVTControlCharacters } from 'node:util';
import { describe, expect, it } from 'vitest';
import { chooseLogFormat, formatLogLine } from './log-format.ts';
import { readyLine } from './ready-line.ts';

const shown = (entry: Record<string, unknown>) => {
  const line = formatLogLine(JSON.stringify({ pid: 1, hostname: 'laptop', time: 0, ...entry }));
  return line === null ? null : stripVTControlCharacters(line);
};

describe('the log format', () => {
  it('is readable on a developer terminal and JSON lines in production, CI and files, unless LOG_FORMAT says', () => {
    expect(chooseLogFormat(undefined, 'development', true)).toBe('pretty');
    expect(chooseLogFormat(undefined, 'development', false)).toBe('json');
    expect(chooseLogFormat(undefined, 'production', true)).toBe('json');
    expect(chooseLogFormat('json', 'development', true)).toBe('json');
    expect(chooseLogFormat('pretty', 'production', false)).toBe('pretty');
  });

  it('shows one line per event: time, level, message and the fields that say something', () => {
    const line = shown({
      level: 30,
      reqId: 'abc',
      msg: 'database migrated',
      driver: 'pglite',
      seeded: ['a'],
    });
    expect(line).toMatch(/^\d\d:\d\d:\d\d INFO {2}database migrated driver=pglite seeded=\["a"\]$/);
  });

  it('gives a warning its error in one line and an error its stack', () => {
    const err = {
      type: 'Error',
      message: 'fetch failed',
      stack: 'Error: fetch failed\n    at open-meteo.ts:1',
    };
    expect(shown({ level: 40, msg: 'job failed', err })).toMatch(
      /WARN {2}job failed err=Error: fetch failed$/,
    );
    expect(shown({ level: 50, msg: 'unclean stop', err })?.split('\n')).toHaveLength(3);
  });

  it("leaves out Fastify's listening lines and what only the JSON lines carry", () => {
    expect(shown({ level: 30, msg: 'Server listening at http://127.0.0.1:3000' })).toBeNull();
    expect(
      shown({ level: 40, msg: 'weather: 3 of 3 failed', detail: { failures: [1, 2, 3] } }),
    ).not.toContain('failures');
  });
});

describe('the ready line', () => {
  const config = {
    brand: 'Sentiero',
    publicUrl: undefined,
    host: '0.0.0.0',
    port: 3000,
    env: 'development' as const,
    mail: { smtpUrl: undefined, from: 'x@example.com', operator: 'x@example.com' },
  };

  it("gives the shop's, the console's and the development mailbox's addresses", () => {
    expect(readyLine(config)).toBe(
      'Sentiero is ready on http://localhost:3000 · console http://localhost:3000/console · mailbox http://localhost:3000/dev/mailbox',
    );
  });

  it('names the port that takes answers to inbox replies when this process listens on one', () => {
    const inbound = { domain: 'sentiero.localhost', secret: null, smtpPort: 2525, tls: null };
    expect(readyLine({ ...config, host: '127.0.0.1', inbound })).toBe(
      'Sentiero is ready on http://localhost:3000 · console http://localhost:3000/console · mailbox http://localhost:3000/dev/mailbox · inbox answers smtp://localhost:2525',
    );
    expect(readyLine({ ...config, inbound: { ...inbound, tls: { key: 'k', cert: 'c' } } })).toMatch(
      / · inbox answers smtp:\/\/localhost:2525 \(STARTTLS\)$/,
    );
    expect(readyLine({ ...config, inbound: { ...inbound, smtpPort: null } })).toBe(readyLine(config));
  });

  it('uses PUBLIC_URL, and names no mailbox where mail leaves the machine', () => {
    expect(
      readyLine({
        ...config,
        env: 'production',
        publicUrl: 'https://shop.example/',
        mail: { ...config.mail, smtpUrl: 'smtp://mail' },
      }),
    ).toBe('Sentiero is ready on https://shop.example · console https://shop.example/console');
  });
});
