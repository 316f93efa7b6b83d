import type { QueryClient } from '@tanstack/react-query';
import { useAuthStore } from '../lib/auth-store.ts';

/**
 * Every query whose answer belongs to the signed-in member starts with this key. The keys carry
 * no member id, so the answers must go when the member does: otherwise the next person to log in
 * on this tab would see them while their own load.
 */
export const MEMBER_QUERY_KEY = ['member'] as const;

/** A member's tickets, every page and category: buying, sharing and revoking change them. */
export const myTicketsQueryKey = [...MEMBER_QUERY_KEY, 'tickets'] as const;

/** A member's "for you" row, in every language: their preferences and purchases change it. */
export const forYouQueryKey = [...MEMBER_QUERY_KEY, 'for-you'] as const;

/**
 * Drops the member's queries whenever the signed-in member changes: logging out, a session the
 * server ended (a failed user fetch), or another member logging in. Returns the way to stop it.
 */
export function forgetMemberQueriesOnSignOut(client: QueryClient): () => void {
  return useAuthStore.subscribe((state, previous) => {
    if (previous.user && state.user?.id !== previous.user.id) {
      client.removeQueries({ queryKey: MEMBER_QUERY_KEY });
    }
  });
}
