import { PAGES } from '@sentiero/contract/pages';
import { type LoaderFunctionArgs, redirect } from 'react-router';
import { callApi } from '../lib/api-client.ts';
import { useAuthStore } from '../lib/auth-store.ts';
import { loginPath } from '../lib/redirect-path.ts';
import { checkSessionOnce } from '../lib/session.ts';

/** Visitor-only screens (login, signup, forgot password) send a signed-in member home. */
export async function requireVisitor() {
  await checkSessionOnce();
  if (useAuthStore.getState().isLoggedIn) throw redirect(PAGES.home.path());
  return null;
}

/** Member screens send a visitor to log in, and back here afterwards. */
export async function requireMember({ request }: LoaderFunctionArgs) {
  await checkSessionOnce();
  if (!useAuthStore.getState().isLoggedIn) {
    const url = new URL(request.url);
    throw redirect(loginPath(url.pathname + url.search));
  }
  return null;
}

/** `/ref/{refId}`: keep the referral for sign-up, then show the home page. */
export function keepReferral({ params }: LoaderFunctionArgs) {
  if (params.refId) useAuthStore.getState().setReferral(params.refId);
  return null;
}

/**
 * Ends the session on the server too; signed out here whatever the server answers. A purchase
 * in progress goes too: its guests' names are not for whoever uses the tab next.
 */
export async function logout() {
  await callApi('userLogout', {}).catch(() => undefined);
  useAuthStore.getState().logout();
  const { useCheckoutStore } = await import('../features/checkout/store.ts');
  useCheckoutStore.getState().reset();
  useCheckoutStore.persist.clearStorage();
  throw redirect(PAGES.home.path());
}

export function toHome() {
  throw redirect(PAGES.home.path());
}
