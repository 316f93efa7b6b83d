import { QueryClient } from '@tanstack/react-query';
import { ApiRequestError, isNetworkFailure } from './api-error.ts';

/** SPEC section 7: backoff of 1 s doubling up to 30 s. */
export function retryDelay(failureCount: number): number {
  return Math.min(1000 * 2 ** failureCount, 30_000);
}

/**
 * SPEC section 7: queries retry 3 times. A 4xx answer will not change on retry
 * (bad input, not found), so only network failures and server errors are retried.
 */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiRequestError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 3;
}

/** `shouldRetryQuery`, but a fetch with no network fails at once: the page shows what it saved. */
export function shouldRetryOnline(failureCount: number, error: unknown): boolean {
  return !isNetworkFailure(error) && shouldRetryQuery(failureCount, error);
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetryQuery, retryDelay, gcTime: 5 * 60 * 1000, staleTime: 60 * 1000 },
      mutations: { retry: 0 },
    },
  });
}

export const queryClient = createQueryClient();
