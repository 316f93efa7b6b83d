import { callApi } from './api-client.ts';
import { useAuthStore } from './auth-store.ts';

/**
 * SPEC section 4: a successful user fetch sets the user and the flag, a failed one clears the
 * user. The session itself is an HttpOnly cookie, so asking the server is the only way to know.
 * A fetch that never reached the server (no network: `fetch` rejects with a TypeError) is not
 * an answer: the member this tab stored stays signed in, so the tickets saved on the phone
 * still open when the page is reloaded offline.
 */
export async function refreshUser(): Promise<void> {
  const store = useAuthStore.getState();
  const before = store.user;
  try {
    const { user } = await callApi('userFetch', {});
    useAuthStore.getState().setUser(user, user.is_premium);
  } catch (error) {
    if (error instanceof TypeError) return;
    // A login that finished while the fetch was on its way is newer than this answer.
    if (useAuthStore.getState().user === before) useAuthStore.getState().clearUser();
  }
}

let startupCheck: Promise<void> | undefined;

/**
 * The user fetch of the app's start, made once. Route guards wait for it, so a member who opens
 * a new tab (a fresh session storage) is recognised before a guard sends them to log in.
 */
export function checkSessionOnce(): Promise<void> {
  startupCheck ??= refreshUser();
  return startupCheck;
}
