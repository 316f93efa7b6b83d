import { LANGUAGES, type Language } from '@sentiero/contract/languages';

const EMPTY_ROOT = '<div id="root"></div>';

/**
 * The app shell of a page the browser renders (logging in, a member's screens, the purchase
 * steps) in each language, from the build's index.html. Such a page has nothing to show until
 * the app has started, which on a slow connection took seconds of blank screen: the app's
 * loading screen (`loadingScreens`, rendered by the web app's server build from its own
 * spinner, `ui/spinner.tsx`) is in the page instead, painted as soon as the stylesheet is there,
 * and the app replaces it when it renders. Without a server build the shell is sent as built.
 *
 * The start's files are not asked for in the page's head: beside the stylesheet they delay that
 * first paint by as much as they shorten the start (Lighthouse, mobile: the first paint of
 * `/login` at 2.0 s instead of 1.0 s, the largest at 3.1 s instead of 3.3 s).
 */
export function browserRenderedShells(
  shell: string,
  loadingScreens: Record<Language, string> | undefined,
): Record<Language, string> {
  return Object.fromEntries(
    LANGUAGES.map((language) => {
      const screen = loadingScreens?.[language];
      return [language, screen ? shell.replace(EMPTY_ROOT, `<div id="root">${screen}</div>`) : shell];
    }),
  ) as Record<Language, string>;
}
