import { PAGES } from '@sentiero/contract/pages';
/** Where a login leads when nobody asked for a particular page. */
export const AFTER_LOGIN_PATH = PAGES.account.path();

/** Pages a login must not lead back to: they would log out again or show a visitor-only form. */
const NOT_AFTER_LOGIN = [
  PAGES.logout,
  PAGES.login,
  PAGES.signup,
  PAGES.forgotPassword,
  PAGES.resetPassword,
].map((page) => page.pattern);

/**
 * The `redirectTo` of a login link, if it is a path of this site; anything else (another host,
 * `//evil.example`, `/\evil.example`, `javascript:`) gives the default, so the parameter cannot
 * send people away from the site.
 */
export function safeRedirectPath(value: string | null | undefined): string {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) {
    return AFTER_LOGIN_PATH;
  }
  let url: URL;
  try {
    url = new URL(value, 'https://sentiero.invalid');
  } catch {
    return AFTER_LOGIN_PATH;
  }
  if (url.origin !== 'https://sentiero.invalid') return AFTER_LOGIN_PATH;
  if (NOT_AFTER_LOGIN.some((path) => url.pathname === path || url.pathname.startsWith(`${path}/`))) {
    return AFTER_LOGIN_PATH;
  }
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * A visitor-only form (login, signup), remembering the page to come back to when it is not the
 * default one.
 */
export function withRedirect(form: 'login' | 'signup', from: string | null | undefined): string {
  const target = safeRedirectPath(from);
  return PAGES[form].path(target === AFTER_LOGIN_PATH ? {} : { redirectTo: target });
}

/** The login page, remembering the page to come back to when it is not the default one. */
export function loginPath(from: string): string {
  return withRedirect('login', from);
}
