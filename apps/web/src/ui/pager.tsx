import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';

/** Previous/next paging (SPEC section 2), kept in the `page` query parameter so links can be shared. */
export function Pager({ page, pages }: { page: number; pages: number }) {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  if (pages <= 1) return null;
  const to = (target: number) => {
    const next = new URLSearchParams(searchParams);
    if (target === 1) next.delete('page');
    else next.set('page', String(target));
    const query = next.toString();
    return query ? `?${query}` : '?';
  };
  const linkClass =
    'inline-flex items-center gap-1 rounded-md border border-stone-300 bg-white px-3 py-1.5 text-sm';
  return (
    <nav aria-label={t('pager.label')} className="mt-6 flex items-center justify-between gap-4">
      {page > 1 ? (
        <Link to={to(page - 1)} className={linkClass} rel="prev">
          <ChevronLeft aria-hidden className="size-4" />
          {t('pager.previous')}
        </Link>
      ) : (
        <span />
      )}
      <span className="text-sm text-stone-600">{t('pager.position', { page, pages })}</span>
      {page < pages ? (
        <Link to={to(page + 1)} className={linkClass} rel="next">
          {t('pager.next')}
          <ChevronRight aria-hidden className="size-4" />
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}

/** The `page` parameter of an address: a whole number from 1, else 1. */
export function pageParam(searchParams: URLSearchParams): number {
  const page = Number(searchParams.get('page') ?? '1');
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

export function usePageParam(): number {
  const [searchParams] = useSearchParams();
  return pageParam(searchParams);
}
