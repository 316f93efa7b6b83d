import { type LoaderFunctionArgs, redirect } from 'react-router';
import { useAuthStore } from '../lib/auth-store.ts';

/** Visitor-only screens (login, signup, forgot password) send a signed-in member home. */
export function requireVisitor() {
  if (useAuthStore.getState().isLoggedIn) throw redirect('/');
  return null;
}

/** Member screens send a visitor to log in. */
export function requireMember() {
  if (!useAuthStore.getState().isLoggedIn) throw redirect('/login');
  return null;
}

/** `/ref/{refId}`: keep the referral for sign-up, then show the home page. */
export function keepReferral({ params }: LoaderFunctionArgs) {
  if (params.refId) useAuthStore.getState().setReferral(params.refId);
  return null;
}

export function logout() {
  useAuthStore.getState().logout();
  throw redirect('/');
}

export function toHome() {
  throw redirect('/');
}
