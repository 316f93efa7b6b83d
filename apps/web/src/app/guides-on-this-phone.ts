import { forgetSavedGuides } from '../features/guides/saved-guides.ts';
import { onLogout } from '../lib/auth-store.ts';

/**
 * The guides a member opened stay on this phone for offline reading until they log out, so the
 * next person using the phone cannot open them.
 */
export function keepGuidesOnThisPhone(storage = () => localStorage): () => void {
  return onLogout((member) => {
    try {
      forgetSavedGuides(storage(), member.id);
    } catch {
      // Storage disabled (reading `localStorage` throws): nothing was saved.
    }
  });
}
