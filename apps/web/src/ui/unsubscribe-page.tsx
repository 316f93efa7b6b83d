import type { UseMutationResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiRequestError } from '../lib/api-error.ts';
import { Alert } from './alert.tsx';
import { Button } from './button.tsx';
import { PageHeading } from './page-heading.tsx';

/**
 * The page behind a mail's unsubscribe link (newsletter, an area's alerts). It asks first, so a
 * mail scanner that opens links unsubscribes nobody; mail clients use the one-click header.
 */
export function UnsubscribePage<TData>({
  token,
  unsubscribe,
  texts,
  done,
  links,
}: {
  token: string;
  unsubscribe: UseMutationResult<TData, Error, void>;
  texts: { title: string; lead: string; invalid: string; button: string; busy: string };
  /** What the page says once it is done, from the answer. */
  done(data: TData): string;
  links: ReactNode;
}) {
  const { t } = useTranslation('errors');
  let body: ReactNode;
  if (unsubscribe.isSuccess) {
    body = <Alert tone="success">{done(unsubscribe.data)}</Alert>;
  } else if (!token) {
    body = <Alert tone="error">{texts.invalid}</Alert>;
  } else {
    body = (
      <div className="space-y-4">
        <p className="text-stone-700">{texts.lead}</p>
        {unsubscribe.isError && (
          <Alert tone="error">
            {unsubscribe.error instanceof ApiRequestError ? unsubscribe.error.message : t('NETWORK')}
          </Alert>
        )}
        <Button busy={unsubscribe.isPending} busyLabel={texts.busy} onClick={() => unsubscribe.mutate()}>
          {texts.button}
        </Button>
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-xl">
      <PageHeading>{texts.title}</PageHeading>
      {body}
      <p className="mt-6 flex flex-wrap gap-4">{links}</p>
    </div>
  );
}
