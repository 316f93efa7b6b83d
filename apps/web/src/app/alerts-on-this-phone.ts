import { onLogout } from '../lib/auth-store.ts';

/**
 * Logging out turns this phone's alerts off in the browser as well: the server forgets the
 * device with the session, and the browser's push subscription goes too, so nothing of the
 * member's reaches whoever uses the phone next, and a member who logs in here turns them on for
 * themselves. The push code loads only then, not with every page.
 */
export function stopAlertsOnLogout(): () => void {
  return onLogout(() => {
    import('../features/alerts/push.ts')
      .then(({ pushSupported, unsubscribeThisDevice }) => (pushSupported() ? unsubscribeThisDevice() : null))
      .catch(() => {
        // No service worker or push service to ask: the server has forgotten the device already.
      });
  });
}
