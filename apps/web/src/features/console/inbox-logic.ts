import {
  INBOX_KINDS,
  INBOX_SEARCH_MIN_LENGTH,
  INBOX_STATES,
  type InboxKind,
  type InboxState,
} from '@sentiero/contract/inbox';

/** The inbox's filters as the address keeps them, so a filtered list can be shared and reloaded. */
export type InboxFilterValues = {
  kind?: InboxKind;
  state?: InboxState;
  assignee?: 'none' | 'me' | number;
  q?: string;
};

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  values.find((candidate) => candidate === value);

/** What the address asks for; anything the API would refuse is left out rather than sent. */
export function inboxFiltersOf(params: URLSearchParams): InboxFilterValues {
  const assignee = params.get('assignee');
  const staffId = Number(assignee);
  const q = params.get('q')?.trim() ?? '';
  return {
    kind: oneOf(INBOX_KINDS, params.get('kind')),
    state: oneOf(INBOX_STATES, params.get('state')),
    assignee:
      assignee === 'none' || assignee === 'me'
        ? assignee
        : Number.isInteger(staffId) && staffId > 0
          ? staffId
          : undefined,
    q: q.length >= INBOX_SEARCH_MIN_LENGTH ? q : undefined,
  };
}

/**
 * The address with one parameter set (or removed, for null or ''). A change of what the list
 * shows starts it again at its first page; opening a thread keeps the page.
 */
export function withParam(params: URLSearchParams, key: string, value: string | number | null): string {
  const next = new URLSearchParams(params);
  if (value === null || value === '') next.delete(key);
  else next.set(key, String(value));
  if (key !== 'thread' && key !== 'page' && key !== 'application' && key !== 'operator') next.delete('page');
  const query = next.toString();
  return query ? `?${query}` : '?';
}

/** A search is sent from three letters: a shorter one is refused by the API (a trigram index cannot narrow it). */
export function searchTooShort(q: string): boolean {
  const length = q.trim().length;
  return length > 0 && length < INBOX_SEARCH_MIN_LENGTH;
}

export type ThreadEntry<Reply, Received> =
  | { kind: 'reply'; at: string; reply: Reply }
  | { kind: 'mail'; at: string; mail: Received };

/**
 * Staff's replies and what came back by mail, as one conversation in the order they happened
 * (a reply and an answer of the same instant keep the reply first).
 */
export function threadEntries<Reply extends { sent_at: string }, Received extends { received_at: string }>(
  replies: readonly Reply[],
  mails: readonly Received[],
): ThreadEntry<Reply, Received>[] {
  const entries: ThreadEntry<Reply, Received>[] = [
    ...replies.map((reply) => ({ kind: 'reply' as const, at: reply.sent_at, reply })),
    ...mails.map((mail) => ({ kind: 'mail' as const, at: mail.received_at, mail })),
  ];
  return entries.sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
}
