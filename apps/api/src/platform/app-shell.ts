import { LANGUAGES, type Language } from '@sentiero/contract/languages';
import { translate } from './i18n.ts';
import { escapeHtml } from './page-head.ts';

const EMPTY_ROOT = '<div id="root"></div>';

/**
 * The app shell of a page the browser renders (logging in, a member's screens, the purchase
 * steps) in each language, from the build's index.html. Such a page has nothing to show until
 * the app has started, which on a slow connection took seconds of blank screen: the large
 * spinner the app shows while a page's code arrives (`ui/spinner.tsx`) is in the page instead,
 * painted as soon as the stylesheet is there, and the app replaces it when it renders.
 *
 * The start's files are not asked for in the page's head: beside the stylesheet they delay that
 * first paint by as much as they shorten the start (Lighthouse, mobile: the first paint of
 * `/login` at 2.0 s instead of 1.0 s, the largest at 3.1 s instead of 3.3 s).
 */
export function browserRenderedShells(shell: string): Record<Language, string> {
  return Object.fromEntries(
    LANGUAGES.map((language) => [language, shell.replace(EMPTY_ROOT, rootWithSpinner(language))]),
  ) as Record<Language, string>;
}

/** The markup of `<Spinner size="large" />`, with its label in `language`. */
function rootWithSpinner(language: Language): string {
  const label = escapeHtml(translate(language, 'common', 'loading'));
  return [
    '<div id="root">',
    `<div role="status" aria-label="${label}" class="flex flex-col items-center justify-center gap-3 p-4">`,
    '<span class="size-14 border-4 animate-spin rounded-full border-brand-600 border-t-transparent"></span>',
    `<span class="text-sm text-stone-600">${label}</span>`,
    '</div></div>',
  ].join('');
}
