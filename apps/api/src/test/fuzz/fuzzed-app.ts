import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { createTestApp, type TestApp } from '../app.ts';
import { changedTables, createWriteFingerprint, describeErrorShapeProblem } from './requests.ts';

/*
 * The app the `api-fuzz*.test.ts` files send their generated and hostile requests to, by a visitor
 * and by a member. `send` says what went wrong with an answer, if anything: a 5xx, a refusal
 * outside the documented error shape, or a refused request that wrote something. The fuzzing is
 * split over several files so that the test runner's workers share it.
 */

export type Outcome = { problem: string | null; status: number; code?: string; cpuMs: number };

export type FuzzedApp = {
  app: () => TestApp;
  send: (request: InjectOptions, asMember: boolean) => Promise<Outcome>;
};

/** Starts the app before the file's tests (and stops it after): call it at the top of a file. */
export function useFuzzedApp(): FuzzedApp {
  let sut: TestApp | null = null;
  let fingerprint: () => Promise<string> = async () => '';
  let memberCookie = '';
  let restoreMemberSession: () => Promise<void> = async () => {};
  /** The fingerprint after the last request: nothing else writes between two requests. */
  let lastPrint: string | null = null;

  beforeAll(async () => {
    // Jobs stay queued (nothing writes behind the test's back) and per-IP limits are off so
    // that inputs reach the services instead of stopping at a 429.
    const started = await createTestApp({ JOB_WORKERS: 'off', RATE_LIMITS: 'off' });
    sut = started;
    const registered = await started.app.inject({
      method: 'POST',
      url: '/api/app/user/register',
      payload: {
        firstname: 'Ada',
        lastname: 'Fuzzi',
        email: 'ada.fuzzi@example.com',
        password: 'Boletus2026',
        country: 'IT',
        is_adult: true,
        policy_accepted: true,
      },
    });
    expect(registered.statusCode).toBe(200);
    const session = registered.cookies.find((cookie) => cookie.name === 'sentiero_session');
    memberCookie = `sentiero_session=${session?.value}`;
    // Logging out is one of the inputs: the member's session row is put back before each request.
    const { rows } = (await started.database.db.execute(
      sql`select row_to_json(s)::text as row from sessions s`,
    )) as unknown as { rows: Array<{ row: string }> };
    const saved = rows[0]?.row ?? '';
    restoreMemberSession = async () => {
      await started.database.db.execute(
        sql`insert into sessions select * from json_populate_record(null::sessions, ${saved}::json) on conflict do nothing`,
      );
    };
    fingerprint = await createWriteFingerprint(started);
  });
  afterAll(() => sut?.close());

  const app = () => {
    if (!sut) throw new Error('the fuzzed app is started in beforeAll');
    return sut;
  };

  async function send(request: InjectOptions, asMember: boolean): Promise<Outcome> {
    if (asMember) {
      await restoreMemberSession();
      lastPrint = null;
    }
    const before = lastPrint ?? (await fingerprint());
    // The server runs in this process: its CPU time for the request is this process's.
    const cpuBefore = process.cpuUsage();
    const response = await app().app.inject({
      ...request,
      headers: {
        ...request.headers,
        host: 'localhost:80',
        ...(asMember ? { cookie: memberCookie } : {}),
      },
    });
    const cpu = process.cpuUsage(cpuBefore);
    const cpuMs = (cpu.user + cpu.system) / 1000;
    lastPrint = await fingerprint();
    const notConfigured = response.statusCode === 501 && response.json().code === 'NOT_CONFIGURED';
    if (response.statusCode >= 500 && !notConfigured) {
      return {
        status: response.statusCode,
        cpuMs,
        problem: `answered ${response.statusCode}: ${response.body.slice(0, 300)}`,
      };
    }
    if (response.statusCode < 400) return { status: response.statusCode, cpuMs, problem: null };
    const shape = describeErrorShapeProblem(response);
    if (shape)
      return {
        status: response.statusCode,
        cpuMs,
        problem: `refusal ${response.statusCode} not in the error shape: ${shape}`,
      };
    const written = changedTables(before, lastPrint);
    if (written.length > 0) {
      return {
        status: response.statusCode,
        cpuMs,
        problem: `refused with ${response.statusCode} but wrote ${written.join(', ')}`,
      };
    }
    return { status: response.statusCode, code: response.json().code, cpuMs, problem: null };
  }

  return { app, send };
}
