import { CloudOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Spinner } from './spinner.tsx';

/** What a list shows while it loads or when it could not be fetched ("Couldn't fetch data"). */
export function QueryState({
  isPending,
  isError,
  onRetry,
}: {
  isPending: boolean;
  isError: boolean;
  onRetry(): void;
}) {
  const { t } = useTranslation();
  if (isPending) return <Spinner size="medium" />;
  if (!isError) return null;
  return (
    <div
      role="alert"
      className="flex flex-col gap-3 rounded-card border border-red-200 bg-red-50 p-4 text-red-900 sm:flex-row sm:items-center"
    >
      <CloudOff aria-hidden className="size-6 shrink-0" />
      <div className="flex-1">
        <p className="font-medium">{t('states.noData')}</p>
        <p className="text-red-800 text-sm">{t('stateHelp.noDataHint')}</p>
      </div>
      <button
        type="button"
        onClick={onRetry}
        className="self-start rounded-md border border-red-300 bg-white px-3 py-1.5 font-medium text-sm hover:bg-red-100 sm:self-center"
      >
        {t('states.retry')}
      </button>
    </div>
  );
}
