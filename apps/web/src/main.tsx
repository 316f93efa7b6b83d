import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { registerServiceWorker } from './app/register-service-worker.ts';
import { keepTicketsOnThisPhone } from './app/tickets-on-this-phone.ts';
import './lib/i18n.ts';
import { queryClient } from './lib/query-client.ts';
import { checkSessionOnce } from './lib/session.ts';
import { forgetMemberQueriesOnSignOut } from './queries/member.ts';
import './styles.css';
import { Spinner } from './ui/spinner.tsx';

// SPEC section 4: the user fetch, once at start; the route guards wait for the same answer.
void checkSessionOnce();
keepTicketsOnThisPhone();
forgetMemberQueriesOnSignOut(queryClient);
registerServiceWorker();

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

createRoot(root).render(
  <StrictMode>
    <Suspense fallback={<Spinner size="large" />}>
      <App />
    </Suspense>
  </StrictMode>,
);
