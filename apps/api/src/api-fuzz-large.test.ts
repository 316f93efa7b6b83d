import { isStaffPermission } from '@sentiero/contract/access';
import { describe, expect, it } from 'vitest';
import { useFuzzedApp } from './test/fuzz/fuzzed-app.ts';
import {
  BODY_ENCODINGS,
  baseInput,
  HURTFUL_TEXT,
  largeRequest,
  stringFieldPaths,
} from './test/fuzz/large-inputs.ts';
import { findContractEndpoints } from './test/fuzz/requests.ts';

/**
 * Large hostile text in every string field of every endpoint: no 5xx, at most a second of CPU per
 * request, a 413 past the body limit. It checks parsing and validation, the same whatever the
 * database: with PostgreSQL configured it runs on it alone (vitest.config.ts).
 */
const fuzzed = useFuzzedApp();
const endpoints = await findContractEndpoints();

/** A request may cost the server this much CPU at most, however large and hostile it is. */
const MAX_CPU_MS_PER_REQUEST = 1000;

describe('large hostile text in every string field', () => {
  it('is answered without a 5xx, within 1 s of CPU, and refused with a 413 past the body limit', async () => {
    const problems: string[] = [];
    let slowest = { cpuMs: 0, what: '' };
    let sent = 0;
    const send = async (what: string, request: Parameters<typeof fuzzed.send>[0]) => {
      const outcome = await fuzzed.send(request, true);
      sent += 1;
      if (outcome.problem) problems.push(`${what}: ${outcome.problem}`);
      if (outcome.cpuMs > slowest.cpuMs) slowest = { cpuMs: outcome.cpuMs, what };
      if (outcome.cpuMs > MAX_CPU_MS_PER_REQUEST)
        problems.push(`${what}: ${Math.round(outcome.cpuMs)} ms of CPU`);
      return outcome;
    };
    for (const [index, { name, endpoint }] of endpoints.entries()) {
      const base = baseInput(endpoint.input);
      const fields = stringFieldPaths(endpoint.input);
      if (fields.length === 0) continue;
      // All string fields at once, as large as the server takes them, once per kind of text; the
      // encodings take turns, so that each operation is sent in each of them.
      for (const [textIndex, { name: text, unit }] of HURTFUL_TEXT.entries()) {
        const encoding = BODY_ENCODINGS[(index + textIndex) % BODY_ENCODINGS.length] ?? 'json';
        await send(
          `${name} ${text} ${encoding}`,
          largeRequest({ path: endpoint.path, base, fields, unit, encoding }),
        );
      }
      // 1 MiB in a field is past every limit: a 413 that says so.
      const encoding = BODY_ENCODINGS[index % BODY_ENCODINGS.length] ?? 'json';
      const what = `${name} 1 MiB ${encoding}`;
      const request = largeRequest({
        path: endpoint.path,
        base,
        fields: fields.slice(0, 1),
        unit: '(',
        encoding,
        oversized: true,
      });
      const outcome = await send(what, request);
      // An endpoint for Sentiero+ refuses this member (not a subscriber) from the headers, before
      // the body is read at all: as good a refusal of the oversized body as the 413.
      // A console endpoint refuses a member's session (it is no staff session) the same way (ADR 028).
      const refusedUnread =
        (endpoint.access === 'premium' && outcome.code === 'PREMIUM_REQUIRED') ||
        (isStaffPermission(endpoint.access) && outcome.status === 401 && outcome.code === 'UNAUTHENTICATED');
      if (!refusedUnread && (outcome.status !== 413 || outcome.code !== 'PAYLOAD_TOO_LARGE')) {
        problems.push(`${what}: answered ${outcome.status} ${outcome.code ?? ''}, not 413 PAYLOAD_TOO_LARGE`);
      }
    }
    expect(sent).toBeGreaterThan(400);
    expect(problems, `slowest: ${slowest.what}, ${Math.round(slowest.cpuMs)} ms`).toEqual([]);
  }, 600_000);
});
