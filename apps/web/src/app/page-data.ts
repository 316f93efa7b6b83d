import type { DehydratedState } from '@tanstack/react-query';
import type { HydrationState } from 'react-router';
import type { PageTranslations } from '../lib/i18n-client.ts';

/**
 * What a server-rendered page carries for the browser to take over without asking again: the
 * translations it was written with, the API answers it showed and its route loaders' data.
 * It travels as JSON in a non-executable script element, so the page needs no inline script
 * (the Content-Security-Policy allows none).
 */
export type PageData = {
  translations: PageTranslations;
  queries: DehydratedState;
  router: PageRouter;
  /** Each string the server formatted with Intl, by what it formats (lib/format.ts). */
  formats?: Record<string, string>;
};

/**
 * The router's state as the server left it: its loaders' data, and the ids of the routes the
 * address matched (`0-4-2`: the third child of the fifth child of the first route), so the
 * browser loads their code without matching the address against the whole route tree again.
 */
export type PageRouter = Pick<HydrationState, 'loaderData'> & {
  matches: string[];
  /** The address the page was rendered for, path and query (`/events?lng=en`). */
  location: string;
};

export const PAGE_DATA_ID = 'sentiero-page-data';

/** The page's data as a script element; `<` is escaped so no string in it can close the element. */
export function pageDataElement(data: PageData): string {
  return `<script type="application/json" id="${PAGE_DATA_ID}">${JSON.stringify(data).replace(/</g, '\\u003c')}</script>`;
}

/** The data of the page the server rendered, or undefined for the app shell. */
export function readPageData(): PageData | undefined {
  const text = document.getElementById(PAGE_DATA_ID)?.textContent;
  return text ? (JSON.parse(text) as PageData) : undefined;
}

/**
 * Whether `location` (the browser's, or its router's) is the address the server rendered. A
 * visitor who goes back or forward before the app has started is on another page's address with
 * this page's HTML: the app renders that page itself instead of taking this one over.
 */
export function atRenderedAddress(
  router: PageRouter,
  { pathname, search }: { pathname: string; search: string },
): boolean {
  return router.location === `${pathname}${search}`;
}

let takenOver: { heading: string | undefined } | undefined;

/** Notes that the app takes over the server's page (start.tsx), with the heading the server wrote. */
export function takeOverServerPage(root: HTMLElement): void {
  takenOver = { heading: root.querySelector('main h1')?.textContent?.trim() };
}

/**
 * The server's page the app took over, with its heading as the server wrote it: the browser tab
 * keeps the server's title while that heading shows. Undefined when the app rendered the page.
 */
export function serverPageTakenOver(): { heading: string | undefined } | undefined {
  return takenOver;
}
