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
// The framework's libraries are asked for on their own beside the app (issue 21): each one is run
// in a task of its own as it arrives, not all with the app in one task of half a second on a phone.
void import('react-dom/client');
void import('react-router');
void import('i18next');
await import('./app/start.tsx');
