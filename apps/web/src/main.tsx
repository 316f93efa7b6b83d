import { PAGE_DATA_ID } from './app/page-data.ts';
import { keepInstallPrompt } from './lib/install-prompt.ts';
import './styles.css';

/**
 * The page's entry script, kept small. A page the server rendered is already there: the browser
 * paints it first, then fetches and starts the app that takes it over (ADR 016), so the app's
 * scripts never hold back the first paint on a slow phone. The app shell starts it at once.
 */
keepInstallPrompt();
if (document.getElementById(PAGE_DATA_ID)) {
  await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}
// The parts of the app are asked for on their own beside it (issue 21): each is run in a task of
// its own as it arrives (React DOM; the router with the routes; i18next), not all in one task of
// half a second on a phone. Only modules the app imports anyway: a package imported whole here
// would lose its tree-shaking.
void import('react-dom/client');
void import('./app/app.tsx');
void import('./lib/i18n-client.ts');
await import('./app/start.tsx');
