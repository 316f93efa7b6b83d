import { SIGNED_IN_COOKIE } from '@sentiero/contract/session-hint';
import { callApi } from './api-client.ts';
import { isNetworkFailure } from './api-error.ts';
import { type AuthUser, useAuthStore } from './auth-store.ts';

let offlineMember: () => AuthUser | null = () => null;

/**
 * Names the member a tab that starts with no network is signed in as, when it has no member of
 * its own: the session is kept per tab, and a phone reopened in a valley still has to show the
 * tickets it saved. The next answer of the server confirms or clears them.
 */
export function signInOfflineAs(member: () => AuthUser | null) {
  offlineMember = member;
}

/**
 * SPEC section 4: a successful user fetch sets the user and the flag, a failed one clears the
 * user. The session itself is an HttpOnly cookie, so asking the server is the only way to know.
 * A fetch that never reached the server (`isNetworkFailure`: no network) is not
 * an answer: the member this tab stored stays signed in, so the tickets saved on the phone
 * still open when the page is reloaded offline, and the server is asked again once online.
 */
export async function refreshUser(): Promise<void> {
  const store = useAuthStore.getState();
  const before = store.user;
  try {
    const { user } = await callApi('userFetch', {});
    useAuthStore.getState().setUser(user, user.is_premium);
  } catch (error) {
    if (isNetworkFailure(error)) {
      keptOffline();
      return;
    }
    // A login that finished while the fetch was on its way is newer than this answer.
    if (useAuthStore.getState().user === before) useAuthStore.getState().clearUser();
  }
}

let askingOnceOnline = false;

function keptOffline() {
  if (!useAuthStore.getState().user) {
    const member = offlineMember();
    if (member) useAuthStore.getState().setUser(member, member.is_premium);
  }
  if (typeof window === 'undefined' || askingOnceOnline) return;
  askingOnceOnline = true;
  window.addEventListener(
    'online',
    () => {
      askingOnceOnline = false;
      void refreshUser();
    },
    { once: true },
  );
}

/**
 * Whether this browser may have a session: the server's signed-in hint (a cookie set and cleared
 * with the HttpOnly session cookie), or a member this tab stored. Otherwise it is a visitor's,
 * and asking the server would only be refused: a visitor is not an error.
 */
export function mayHaveSession(): boolean {
  const hint =
    typeof document !== 'undefined' &&
    document.cookie.split(';').some((cookie) => cookie.trim().startsWith(`${SIGNED_IN_COOKIE}=`));
  return hint || useAuthStore.getState().isLoggedIn;
}

let startupCheck: Promise<void> | undefined;

/**
 * The user fetch of the app's start, made once, where there may be a session to find. Route
 * guards wait for it, so a member who opens a new tab (a fresh session storage) is recognised
 * before a guard sends them to log in.
 */
export function checkSessionOnce(): Promise<void> {
  startupCheck ??= mayHaveSession() ? refreshUser() : Promise.resolve();
  return startupCheck;
}
