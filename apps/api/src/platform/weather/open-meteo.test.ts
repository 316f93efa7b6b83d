import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestReply, type TestServer } from '../../test/fakes/test-server.ts';
import { openMeteoSource } from './open-meteo.ts';

/** Answers written by hand in the shape Open-Meteo's documentation gives (open-meteo.com/en/docs). */
const fixture = (name: string): unknown =>
  JSON.parse(readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8'));

const VAL_TARO = { latitude: 44.5201, longitude: 9.7632 };
const VAL_DI_FIEMME = { latitude: 46.2833, longitude: 11.4667 };
const POLLINO = { latitude: 40.3964, longitude: 16.1322 };
const REQUEST = { timeZone: 'Europe/Rome', pastDays: 21, forecastDays: 7 };

let server: TestServer | undefined;
afterEach(async () => {
  // A test that closed its server to make it unreachable has nothing left to close.
  await server?.close().catch(() => undefined);
  server = undefined;
});

async function providerAnswering(reply: TestReply) {
  server = await startTestServer(() => reply);
  return { server, sut: openMeteoSource({ baseUrl: server.url, timeoutMs: 300 }) };
}

describe('the Open-Meteo client', () => {
  it('asks the forecast API for three weeks back and a week ahead, and reads the days of one place', async () => {
    const { server, sut } = await providerAnswering({ status: 200, body: fixture('forecast-one.json') });
    const result = await sut.fetchDaily({ locations: [VAL_TARO], ...REQUEST });

    const [request] = server.requests;
    const url = new URL(request?.path ?? '', server.url);
    expect(request?.method).toBe('GET');
    expect(url.pathname).toBe('/v1/forecast');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      latitude: '44.5201',
      longitude: '9.7632',
      daily:
        'precipitation_sum,temperature_2m_mean,temperature_2m_min,temperature_2m_max,weather_code,wind_gusts_10m_max',
      past_days: '21',
      forecast_days: '7',
      timezone: 'Europe/Rome',
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const [days] = result.days;
    expect(days).toHaveLength(28);
    expect(days?.[0]?.date).toBe('2026-09-20');
    // The soaking storm of 29 September in the recorded answer.
    expect(days?.[9]).toMatchObject({ date: '2026-09-29', rainMm: 38.4, weatherCode: 95 });
    // A value the model has not produced yet stays missing, never becomes 0.
    expect(days?.[26]?.tempMean).toBeNull();
  });

  it('asks for several places in one request and gives each its own days, in the order asked', async () => {
    const { server, sut } = await providerAnswering({ status: 200, body: fixture('forecast-batch.json') });
    const result = await sut.fetchDaily({ locations: [VAL_TARO, VAL_DI_FIEMME, POLLINO], ...REQUEST });

    expect(server.requests).toHaveLength(1);
    const url = new URL(server.requests[0]?.path ?? '', server.url);
    expect(url.searchParams.get('latitude')).toBe('44.5201,46.2833,40.3964');
    expect(url.searchParams.get('longitude')).toBe('9.7632,11.4667,16.1322');
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.days).toHaveLength(3);
    const batch = fixture('forecast-batch.json') as { daily: { temperature_2m_max: number[] } }[];
    expect(result.days.map((days) => days[0]?.tempMax)).toEqual(
      batch.map((place) => place.daily.temperature_2m_max[0]),
    );
  });

  it('sends the key of a commercial plan only when one is configured', async () => {
    server = await startTestServer(() => ({ status: 200, body: fixture('forecast-one.json') }));
    await openMeteoSource({ baseUrl: server.url, apiKey: 'k-123' }).fetchDaily({
      locations: [VAL_TARO],
      ...REQUEST,
    });
    expect(new URL(server.requests[0]?.path ?? '', server.url).searchParams.get('apikey')).toBe('k-123');
  });

  it("reports the provider's refusal with its reason", async () => {
    const { sut } = await providerAnswering({ status: 400, body: fixture('error-400.json') });
    const result = await sut.fetchDaily({ locations: [VAL_TARO], ...REQUEST });
    expect(result).toEqual({
      ok: false,
      error: { kind: 'http', status: 400, message: expect.stringContaining('wind_gusts_10m_maxx') },
    });
  });

  it('reports a server error as an HTTP failure, not as weather', async () => {
    const { sut } = await providerAnswering({
      status: 500,
      raw: '<html>Internal Server Error</html>',
      body: null,
    });
    const result = await sut.fetchDaily({ locations: [VAL_TARO], ...REQUEST });
    expect(result).toMatchObject({ ok: false, error: { kind: 'http', status: 500 } });
  });

  it('gives up on a provider that does not answer in time', async () => {
    const { sut } = await providerAnswering({
      status: 200,
      body: fixture('forecast-one.json'),
      delayMs: 1500,
    });
    const started = Date.now();
    const result = await sut.fetchDaily({ locations: [VAL_TARO], ...REQUEST });
    expect(result).toMatchObject({ ok: false, error: { kind: 'timeout' } });
    expect(Date.now() - started).toBeLessThan(1200);
  });

  it('refuses an answer that is not JSON', async () => {
    const { sut } = await providerAnswering({
      status: 200,
      raw: '{"latitude": 44.5, "daily": {"time": [',
      body: null,
    });
    const result = await sut.fetchDaily({ locations: [VAL_TARO], ...REQUEST });
    expect(result).toMatchObject({ ok: false, error: { kind: 'invalid-answer' } });
  });

  it('refuses an answer whose series do not match its days, or that lacks a place asked for', async () => {
    const broken = structuredClone(fixture('forecast-one.json')) as {
      daily: { precipitation_sum: number[] };
    };
    broken.daily.precipitation_sum.pop();
    const short = await (await providerAnswering({ status: 200, body: broken })).sut.fetchDaily({
      locations: [VAL_TARO],
      ...REQUEST,
    });
    expect(short).toMatchObject({ ok: false, error: { kind: 'invalid-answer' } });
    await server?.close();
    server = undefined;

    const { sut } = await providerAnswering({ status: 200, body: fixture('forecast-batch.json') });
    const missing = await sut.fetchDaily({
      locations: [VAL_TARO, VAL_DI_FIEMME, POLLINO, VAL_TARO],
      ...REQUEST,
    });
    expect(missing).toMatchObject({
      ok: false,
      error: { kind: 'invalid-answer', message: '3 locations answered for 4 asked' },
    });
  });

  it('reports a provider it cannot reach', async () => {
    const { server, sut } = await providerAnswering({ status: 200, body: {} });
    await server.close();
    const result = await sut.fetchDaily({ locations: [VAL_TARO], ...REQUEST });
    expect(result).toMatchObject({ ok: false, error: { kind: 'network' } });
  });
});
