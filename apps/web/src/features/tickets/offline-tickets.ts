import type { ApiOutput } from '@sentiero/contract/api';
import { type AuthUser, isStoredUser } from '../../lib/auth-store.ts';

export type TicketListPage = ApiOutput<'ticketList'>;

/** Bumped when the stored shape changes: an older copy is ignored, and replaced on the next visit. */
export const SAVED_TICKETS_VERSION = 1;
// A phone keeps the first pages only: the tickets a member is about to use are the newest.
const MAX_SAVED_PAGES = 3;

type SavedTickets = { version: number; savedAt: string; pages: Record<string, TicketListPage> };

export const savedTicketsKey = (userId: number) => `sentiero.tickets.v${SAVED_TICKETS_VERSION}.${userId}`;
// The member whose tickets were saved last: a tab opened with no network is signed in as them.
const HOLDER_KEY = `sentiero.tickets.v${SAVED_TICKETS_VERSION}.holder`;

function readSaved(storage: Storage, userId: number): SavedTickets | null {
  try {
    const saved = JSON.parse(storage.getItem(savedTicketsKey(userId)) ?? 'null') as SavedTickets | null;
    if (saved?.version !== SAVED_TICKETS_VERSION || typeof saved.pages !== 'object') return null;
    return saved;
  } catch {
    return null;
  }
}

/**
 * Keeps a page of the member's unfiltered list, so the tickets and their QR codes can be shown
 * with the phone offline (the QR is drawn on the phone from `qr_code`), and notes whose they
 * are, so that a tab opened later with no network (the session is kept per tab) can show them
 * too. A full storage is not an error.
 */
export function saveTickets(
  storage: Storage,
  member: AuthUser,
  page: number,
  list: TicketListPage,
  now = new Date(),
) {
  if (page > MAX_SAVED_PAGES) return;
  const pages = { ...readSaved(storage, member.id)?.pages, [page]: list };
  const saved: SavedTickets = { version: SAVED_TICKETS_VERSION, savedAt: now.toISOString(), pages };
  try {
    storage.setItem(savedTicketsKey(member.id), JSON.stringify(saved));
    storage.setItem(HOLDER_KEY, JSON.stringify(member));
  } catch {
    // Quota exceeded or storage disabled: the online list still works.
  }
}

function readHolder(storage: Storage): AuthUser | null {
  try {
    const holder: unknown = JSON.parse(storage.getItem(HOLDER_KEY) ?? 'null');
    return isStoredUser(holder) ? holder : null;
  } catch {
    return null;
  }
}

/** The member whose tickets this phone keeps, while it keeps some; null otherwise. */
export function findTicketHolder(storage: Storage): AuthUser | null {
  const holder = readHolder(storage);
  return holder && readSaved(storage, holder.id) ? holder : null;
}

/** Removes every saved page of one member's tickets; a storage that refuses is not an error. */
export function forgetSavedTickets(storage: Storage, userId: number) {
  try {
    storage.removeItem(savedTicketsKey(userId));
    if (readHolder(storage)?.id === userId) storage.removeItem(HOLDER_KEY);
  } catch {
    // Storage disabled: nothing was saved.
  }
}

/** The saved page, narrowed to one category when the member filters by it; null when none was saved. */
export function findSavedTickets(
  storage: Storage,
  userId: number,
  page: number,
  categoryId?: number,
): (TicketListPage & { savedAt: string }) | null {
  const saved = readSaved(storage, userId);
  const list = saved?.pages[page];
  if (!saved || !list) return null;
  if (!categoryId) return { ...list, savedAt: saved.savedAt };
  const purchase_list = list.purchase_list
    .map((purchase) => ({
      ...purchase,
      tickets: purchase.tickets.filter((t) => t.category_id === categoryId),
    }))
    .filter((purchase) => purchase.tickets.length > 0);
  return { ...list, purchase_list, savedAt: saved.savedAt };
}
