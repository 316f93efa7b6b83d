import type { ApiInput, ApiOutput } from '@sentiero/contract/api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api-client.ts';

/* The console's reviews (ADR 051): a page at a time from the server; an answer or a hiding reads it again. */

export type ReviewPage = ApiOutput<'consoleReviews'>;
export type ConsoleReview = ReviewPage['reviews'][number];

const reviewsKey = ['console', 'reviews'] as const;

export function useConsoleReviews(input: ApiInput<'consoleReviews'>) {
  return useQuery({
    queryKey: [...reviewsKey, input],
    queryFn: () => callApi('consoleReviews', input),
    placeholderData: (previous) => previous,
  });
}

export function useAnswerReview() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; answer: string }) => callApi('consoleReviewAnswer', input),
    onSuccess: () => void client.invalidateQueries({ queryKey: reviewsKey }),
  });
}

export function useHideReview() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; hidden: boolean; reason: string }) =>
      callApi('consoleReviewHide', input),
    onSuccess: () => void client.invalidateQueries({ queryKey: reviewsKey }),
  });
}
