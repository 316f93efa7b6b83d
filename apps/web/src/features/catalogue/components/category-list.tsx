import { PAGES } from '@sentiero/contract/pages';
import { Compass, GraduationCap, Heart, Leaf } from 'lucide-react';
import { Link } from 'react-router';
import { useCategories } from '../../../queries/reference-data.ts';
import { QueryState } from '../../../ui/query-state.tsx';

const ICONS: Record<number, typeof Compass> = { 16: Compass, 17: Heart, 18: Leaf, 19: GraduationCap };

export function CategoryList() {
  const categories = useCategories();
  if (!categories.data) {
    return (
      <QueryState
        isPending={categories.isPending}
        isError={categories.isError}
        onRetry={() => categories.refetch()}
      />
    );
  }
  return (
    <ul className="grid grid-cols-2 gap-3 md:grid-cols-4">
      {categories.data.category_list.map((category) => {
        const Icon = ICONS[category.id] ?? Compass;
        return (
          <li key={category.id}>
            <Link
              to={PAGES.category.path({ categoryId: category.id })}
              className="flex h-full flex-col items-start gap-3 rounded-xl border border-stone-200 bg-white p-4 shadow-sm transition hover:border-brand-600 hover:shadow"
            >
              <Icon aria-hidden className="size-6 text-brand-700" />
              <span className="font-medium">{category.name}</span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
