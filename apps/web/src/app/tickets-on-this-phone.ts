import { findTicketHolder, forgetSavedTickets } from '../features/tickets/offline-tickets.ts';
import { onLogout } from '../lib/auth-store.ts';
import { signInOfflineAs } from '../lib/session.ts';

/**
 * A member's tickets stay on this phone for offline use until they log out (from the menu, after
 * a password change, on deleting the account), so the next person using the phone cannot open
 * them. A user fetch that fails keeps them: with the server down is when they are needed most.
 * A tab opened with no network is signed in as the member whose tickets are kept, so that
 * reopening the browser in a valley still shows them.
 */
export function keepTicketsOnThisPhone(storage = () => localStorage): () => void {
  // Storage disabled (reading `localStorage` throws): nothing was saved.
  const onPhone = <T>(use: (phone: Storage) => T, otherwise: T): T => {
    try {
      return use(storage());
    } catch {
      return otherwise;
    }
  };
  signInOfflineAs(() => onPhone(findTicketHolder, null));
  const stop = onLogout((member) => onPhone((phone) => forgetSavedTickets(phone, member.id), undefined));
  return () => {
    stop();
    signInOfflineAs(() => null);
  };
}
