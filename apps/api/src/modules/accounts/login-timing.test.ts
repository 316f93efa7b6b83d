import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBrowser, createTestApp, type TestApp } from '../../test/app.ts';

let sut: TestApp;
beforeAll(async () => {
  sut = await createTestApp();
});
afterAll(() => sut.close());

const PASSWORD = 'Jezero2026';
const SAMPLES = 15;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

async function timedLogin(email: string, attempt: number): Promise<number> {
  // A new address every time, so the per-IP limit of the login form never answers instead.
  const browser = createBrowser(sut);
  const started = performance.now();
  const response = await browser.post('/api/app/user/login', { email, password: `Napacno${attempt}X` });
  const elapsed = performance.now() - started;
  expect(response.statusCode).toBe(401);
  return elapsed;
}

describe('login timing', () => {
  it('takes as long for an unknown email as for a wrong password', async () => {
    const email = `timing.${Date.now()}@example.si`;
    const registered = await createBrowser(sut).post('/api/app/user/register', {
      firstname: 'Tina',
      lastname: 'Kos',
      email,
      password: PASSWORD,
      country: 'SI',
      is_adult: true,
      policy_accepted: true,
    });
    expect(registered.statusCode).toBe(200);

    // Warm-up: the first hashes of a process are slower than the rest.
    await timedLogin(email, -1);
    await timedLogin(`warm.${Date.now()}@example.si`, -1);

    // Interleaved, so a busy moment of a shared machine falls on both kinds alike; medians
    // ignore the odd request that waited behind another process.
    const existing: number[] = [];
    const unknown: number[] = [];
    for (let attempt = 0; attempt < SAMPLES; attempt++) {
      existing.push(await timedLogin(email, attempt));
      unknown.push(await timedLogin(`nobody.${attempt}.${Date.now()}@example.si`, attempt));
    }
    const [slower, faster] = [
      Math.max(median(existing), median(unknown)),
      Math.min(median(existing), median(unknown)),
    ];
    console.info(
      `login medians over ${SAMPLES} each: wrong password ${median(existing).toFixed(1)} ms, unknown email ${median(unknown).toFixed(1)} ms`,
    );
    expect(slower / faster).toBeLessThanOrEqual(1.2);
  }, 120_000);
});
