import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';

const buttonClass =
  'inline-flex items-center gap-1 rounded-md border border-stone-300 bg-white px-3 py-1.5 text-sm disabled:opacity-40';

/** Previous and next under a table whose pages the server makes. */
export function TablePager({
  page,
  pages,
  canPrevious,
  canNext,
  onPrevious,
  onNext,
}: {
  page: number;
  pages: number;
  canPrevious: boolean;
  canNext: boolean;
  onPrevious(): void;
  onNext(): void;
}) {
  const { t } = useTranslation();
  if (pages <= 1) return null;
  return (
    <nav
      aria-label={t('pager.label')}
      className="flex items-center justify-between gap-4 border-stone-200 border-t px-3 py-2 print:hidden"
    >
      <button type="button" className={buttonClass} disabled={!canPrevious} onClick={onPrevious}>
        <ChevronLeft aria-hidden className="size-4" />
        {t('pager.previous')}
      </button>
      <span className="text-sm text-stone-600">{t('pager.position', { page, pages })}</span>
      <button type="button" className={buttonClass} disabled={!canNext} onClick={onNext}>
        {t('pager.next')}
        <ChevronRight aria-hidden className="size-4" />
      </button>
    </nav>
  );
}
