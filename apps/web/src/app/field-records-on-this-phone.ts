import { forgetMember } from '../features/finds/store.ts';
import { onLogout } from '../lib/auth-store.ts';

/**
 * The finds map and notebook keep the member's places and changes on the phone (IndexedDB) for
 * offline use; logging out removes them, so the next person using the phone never sees them.
 * Changes not yet sent go with them: logging out says this phone is no longer the member's (the
 * pages send waiting changes as soon as they open with a network, so little is ever waiting).
 */
export function forgetFieldRecordsOnLogout(): () => void {
  return onLogout((member) => {
    if (typeof indexedDB === 'undefined') return;
    forgetMember(member.id).catch(() => {
      // Storage unavailable: nothing was kept.
    });
  });
}
