import { PAGES } from '@sentiero/contract/pages';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { Spinner } from '../../../ui/spinner.tsx';
import { EnrolScreen } from '../components/enrol-screen.tsx';
import { FieldFrame } from '../components/field-frame.tsx';
import { startFieldWork, useField } from '../field-store.ts';

const RANGER_SCOPE = `${PAGES.ranger.path()}/`;

/**
 * Makes the page the rangers' app (ADR 048): its own manifest (installed apart from the
 * storefront, opening on the scanner) and its own service worker, whose scope is the app's.
 */
function useRangerApp() {
  const { i18n } = useTranslation();
  useEffect(() => {
    const link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
    if (link) link.href = `${RANGER_SCOPE}manifest.webmanifest?lng=${i18n.resolvedLanguage ?? 'it'}`;
  }, [i18n.resolvedLanguage]);
  useEffect(() => {
    if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
    navigator.serviceWorker
      .register(`${RANGER_SCOPE}sw.js`, { scope: RANGER_SCOPE })
      .catch((error: unknown) => console.warn('The ranger app cannot open offline', error));
  }, []);
  useEffect(() => startFieldWork(), []);
}

/** `/ranger/*`: the rangers' phone app (issue 24). Its code loads only at these addresses. */
export function Component() {
  const { t } = useTranslation(['ranger', 'tickets', 'growth', 'errors']);
  useRangerApp();
  const phase = useField((state) => state.phase);
  const refusedCode = useField((state) => state.refusedCode);
  if (phase === 'loading') return <Spinner size="large" />;
  if (phase === 'unavailable') {
    return (
      <FieldFrame nav={false}>
        <p className="font-semibold text-xl">{t('app.noStorage')}</p>
      </FieldFrame>
    );
  }
  if (phase === 'unenrolled') {
    return (
      <FieldFrame nav={false}>
        <EnrolScreen />
      </FieldFrame>
    );
  }
  return (
    <FieldFrame>
      {refusedCode && (
        <p
          role="alert"
          className="mb-4 rounded-lg border-4 border-red-700 p-3 font-bold text-lg text-red-800"
        >
          {t(`errors:${refusedCode}`)}
        </p>
      )}
      <Outlet />
    </FieldFrame>
  );
}
