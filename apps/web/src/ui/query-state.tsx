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
      className="flex items-center gap-3 rounded-lg border border-red-200 bg-red-50 p-4 text-red-800"
    >
      <span>{t('states.noData')}</span>
      <button
        type="button"
        onClick={onRetry}
        className="rounded-md border border-red-300 px-3 py-1 font-medium text-sm"
      >
        {t('states.retry')}
      </button>
    </div>
  );
}
