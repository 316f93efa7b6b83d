import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { member } from '../test/fixtures.ts';
import { MemoryStorage } from '../test/memory-storage.ts';

/*
 * Issue 21, defect 5, the browser's side: logging out ends this phone's push subscription, so
 * the push service itself stops carrying the member's alerts here.
 */

let auth: typeof import('../lib/auth-store.ts');

/** A browser with notifications on: its service worker's push subscription, as the Push API gives it. */
function browserWithSubscription() {
  const subscription = {
    endpoint: 'https://fcm.googleapis.com/fcm/send/phone',
    unsubscribe: vi.fn(async () => true),
  };
  const registration = { pushManager: { getSubscription: async () => subscription } };
  vi.stubGlobal('window', { PushManager: class {}, Notification: class {} });
  vi.stubGlobal('navigator', { serviceWorker: { getRegistration: async () => registration } });
  return subscription;
}

beforeAll(async () => {
  vi.stubGlobal('sessionStorage', new MemoryStorage());
  auth = await import('../lib/auth-store.ts');
  const { stopAlertsOnLogout } = await import('./alerts-on-this-phone.ts');
  return stopAlertsOnLogout();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.stubGlobal('sessionStorage', new MemoryStorage());
});

describe("this phone's notifications, when the member logs out", () => {
  it('unsubscribes the browser from pushes', async () => {
    const subscription = browserWithSubscription();
    auth.useAuthStore.getState().setUser(member(7, 'Giulia'));
    auth.useAuthStore.getState().logout();
    await vi.waitFor(() => expect(subscription.unsubscribe).toHaveBeenCalledOnce());
  });
});
