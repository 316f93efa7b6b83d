import { PAGE_DATA_ID } from './app/page-data.ts';
import { keepInstallPrompt } from './lib/install-prompt.ts';
import { nextTask } from './lib/next-task.ts';
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
fetchStartFiles();
// The start's files (code-splitting.ts) are fetched together above and run one by one, each in
// a task of its own, so no task of the start keeps a tap waiting long on a phone (issue 21):
// React DOM; i18next; the other libraries with the query client; our modules; then the start.
await import('react-dom/client');
await nextTask();
await import('./lib/i18n-client.ts');
await nextTask();
await import('./lib/query-client.ts');
await nextTask();
await import('./app/app.tsx');
await nextTask();
await import('./app/start.tsx');

/**
 * Asks for every file of the start at once: a module preload fetches and compiles a file without
 * running it. The build lists them on this script (`data-start-files`); the development server
 * serves modules one by one, and lists none.
 */
function fetchStartFiles() {
  const files = document.querySelector<HTMLScriptElement>('script[data-start-files]')?.dataset.startFiles;
  for (const file of files?.split(' ') ?? []) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = file;
    document.head.append(link);
  }
}
