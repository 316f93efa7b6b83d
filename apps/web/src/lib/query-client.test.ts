import { describe, expect, it } from 'vitest';
import { ApiRequestError } from './api-error.ts';
import { createQueryClient, retryDelay, shouldRetryQuery } from './query-client.ts';

describe('data fetching defaults (SPEC section 7)', () => {
  it('backs off from 1 s, doubling up to 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 9].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });

  it('retries a failed query 3 times', () => {
    const networkError = new TypeError('Failed to fetch');
    expect([0, 1, 2, 3].map((count) => shouldRetryQuery(count, networkError))).toEqual([
      true,
      true,
      true,
      false,
    ]);
    expect(shouldRetryQuery(0, new ApiRequestError(503, 'Service Unavailable', 'SERVICE_UNAVAILABLE'))).toBe(
      true,
    );
  });

  it('does not retry an answer that cannot change, such as a 404', () => {
    expect(shouldRetryQuery(0, new ApiRequestError(404, 'Not found', 'NOT_FOUND'))).toBe(false);
  });

  it('keeps the cache 5 minutes and never retries mutations', () => {
    const defaults = createQueryClient().getDefaultOptions();
    expect(defaults.queries?.gcTime).toBe(5 * 60 * 1000);
    expect(defaults.mutations?.retry).toBe(0);
  });
});
