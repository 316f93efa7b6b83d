import { forgetSavedTickets } from '../features/tickets/offline-tickets.ts';
import { onLogout } from '../lib/auth-store.ts';

/**
 * A member's tickets stay on this phone for offline use until they log out (from the menu, after
 * a password change, on deleting the account), so the next person using the phone cannot open
 * them. A user fetch that fails keeps them: with the server down is when they are needed most.
 */
export function forgetTicketsOnLogout(storage = () => localStorage): () => void {
  return onLogout((member) => {
    try {
      forgetSavedTickets(storage(), member.id);
    } catch {
      // Storage disabled (reading `localStorage` throws): nothing was saved.
    }
  });
}
