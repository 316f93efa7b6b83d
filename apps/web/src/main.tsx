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
await import('./app/start.tsx');
