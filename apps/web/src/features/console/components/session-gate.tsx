import { PAGES } from '@sentiero/contract/pages';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { Spinner } from '../../../ui/spinner.tsx';
import { type ConsoleMe, useConsoleSession } from '../api.ts';
import { FailureAlert } from './console-card.tsx';

/**
 * A console screen for a complete session: a browser whose session is not complete is sent to
 * the sign-in step it is at.
 */
export function SessionGate({ children }: { children: (me: ConsoleMe) => ReactNode }) {
  const { t } = useTranslation(['console', 'errors']);
  const session = useConsoleSession();
  // A session read before the last sign-in step may be out of date: wait for the fresh answer.
  if (session.isPending || (session.isFetching && session.isStale)) return <Spinner size="large" />;
  if (session.isError) return <FailureAlert error={session.error} fallback={t('errors:INTERNAL')} />;
  const { stage, me } = session.data;
  if (stage === 'none') return <Navigate to={PAGES.consoleSignIn.path()} replace />;
  if (stage === 'enrol') return <Navigate to={PAGES.consoleEnrol.path()} replace />;
  if (stage === 'code' || !me) return <Navigate to={PAGES.consoleCode.path()} replace />;
  return children(me);
}
