import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import './lib/i18n.ts';
import './styles.css';
import { Spinner } from './ui/spinner.tsx';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

createRoot(root).render(
  <StrictMode>
    <Suspense fallback={<Spinner size="large" />}>
      <App />
    </Suspense>
  </StrictMode>,
);
