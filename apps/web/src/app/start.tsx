/**
 * Starts the app in the browser (loaded by main.tsx): hydrates a page the server rendered, or
 * renders the app shell.
 */
import { hydrate } from '@tanstack/react-query';
import { StrictMode, Suspense, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { takeWrittenFormats } from '../lib/format.ts';
import { i18n } from '../lib/i18n.ts';
import { detectedLanguage, startTranslations } from '../lib/i18n-client.ts';
import { nextTask } from '../lib/next-task.ts';
import { queryClient } from '../lib/query-client.ts';
import { checkSessionOnce } from '../lib/session.ts';
import { forgetMemberQueriesOnSignOut } from '../queries/member.ts';
import { Spinner } from '../ui/spinner.tsx';
import { stopAlertsOnLogout } from './alerts-on-this-phone.ts';
import { App, createAppRouter } from './app.tsx';
import { forgetFieldRecordsOnLogout } from './field-records-on-this-phone.ts';
import { keepGuidesOnThisPhone } from './guides-on-this-phone.ts';
import { atRenderedAddress, readPageData, takeOverServerPage } from './page-data.ts';
import { registerServiceWorker } from './register-service-worker.ts';
import { keepTicketsOnThisPhone } from './tickets-on-this-phone.ts';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

// A public page arrives rendered by the server with its data (ADR 016); any other page, or the
// app shell the service worker serves offline, is rendered here.
const page = readPageData();
void startTranslations(page?.translations);
if (page) hydrate(queryClient, page.queries);
takeWrittenFormats(page?.formats);

// Each step of the start below runs in a task of its own: together they take a phone a few
// hundred milliseconds, and one task of that length keeps every tap waiting (issue 21).
await nextTask();

// SPEC section 4: the user fetch, once at start; the route guards wait for the same answer.
void checkSessionOnce();
keepTicketsOnThisPhone();
forgetFieldRecordsOnLogout();
keepGuidesOnThisPhone();
stopAlertsOnLogout();
forgetMemberQueriesOnSignOut(queryClient);
registerServiceWorker();

await nextTask();
const { router, takesOver } = await createAppRouter(page?.router, nextTask);
await nextTask();
const app = (
  <StrictMode>
    <Suspense fallback={<Spinner size="large" />}>
      <App router={router} />
    </Suspense>
  </StrictMode>
);

// The router follows the address from its creation: the visitor may still go back meanwhile.
if (page && takesOver && atRenderedAddress(page.router, router.state.location)) {
  takeOverServerPage(root);
  // As a transition, which React hydrates in slices of a few milliseconds between the browser's
  // own tasks: a plain hydrateRoot is one task of 150–200 ms on a phone (issue 21).
  startTransition(() => {
    hydrateRoot(root, app);
  });
} else {
  // The app shell, or a server's page the visitor has already left by going back or forward.
  createRoot(root).render(app);
}
// A language this browser chose before the server could know it (kept in local storage only), or
// the one in the address of the page the visitor went back to.
const preferred = page && detectedLanguage();
if (preferred && preferred !== page.translations.language) void i18n.changeLanguage(preferred);
