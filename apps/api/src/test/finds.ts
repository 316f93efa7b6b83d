import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { Browser } from './app.ts';

/*
 * What the test files of the private finds map share (who may use it, syncing markers, GPX and
 * GeoJSON files): the phones' and the server's times, a marker as a phone sends it, the list.
 */

export const START = Date.parse('2026-09-20T08:00:00Z');
/** The server's clock stands an hour after the phones' first edits. */
export const NOW = START + 60 * 60_000;
/** A phone time `minutes` after the test's start. */
export const phoneAt = (minutes: number) => new Date(START + minutes * 60_000).toISOString();

export const marker = (overrides: Record<string, unknown> = {}) => ({
  id: randomUUID(),
  latitude: 44.512345,
  longitude: 9.754321,
  accuracy_m: 12.4,
  species_code: 'boletus-edulis',
  found_on: '2026-09-19',
  notes: 'Under the beeches, north slope',
  updated_at: phoneAt(0),
  ...overrides,
});

export const list = async (browser: Browser, query = '') => {
  const response = await browser.get(`/api/app/find/list?lng=en${query}`);
  expect(response.statusCode).toBe(200);
  return response.json().finds as Array<Record<string, unknown> & { latitude: number }>;
};
