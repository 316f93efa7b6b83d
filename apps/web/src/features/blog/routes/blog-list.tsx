import { PAGES } from '@sentiero/contract/pages';
import { useTranslation } from 'react-i18next';
import { Link, type LoaderFunctionArgs } from 'react-router';
import { formatLocalizedDate } from '../../../lib/format.ts';
import { useCurrentLanguage } from '../../../lib/i18n.ts';
import { prefetch } from '../../../lib/route-data.ts';
import { PageHeading } from '../../../ui/page-heading.tsx';
import { Pager, pageParam, usePageParam } from '../../../ui/pager.tsx';
import { QueryState } from '../../../ui/query-state.tsx';
import { getBlogListQueryOptions, useBlogList } from '../api.ts';

export function loader({ request, context }: LoaderFunctionArgs) {
  const page = pageParam(new URL(request.url).searchParams);
  return prefetch(context, ({ language }) => [getBlogListQueryOptions(language, page)]);
}

export function Component() {
  const { t } = useTranslation('blog');
  const posts = useBlogList(usePageParam());
  const language = useCurrentLanguage();
  if (!posts.data) {
    return (
      <div>
        <PageHeading>{t('title')}</PageHeading>
        <QueryState isPending={posts.isPending} isError={posts.isError} onRetry={() => posts.refetch()} />
      </div>
    );
  }
  return (
    <div>
      <PageHeading lead={t('lead')}>{t('title')}</PageHeading>
      {posts.data.post_list.length === 0 ? (
        <p className="text-stone-600">{t('empty')}</p>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2 lg:grid-cols-3">
          {posts.data.post_list.map((post) => (
            <li key={post.sku} className="relative rounded-xl border border-stone-200 bg-white p-4 shadow-sm">
              <time dateTime={post.published_at} className="text-sm text-stone-500">
                {formatLocalizedDate(post.published_at, language, 'long')}
              </time>
              <h2 className="mt-1 font-semibold text-lg">
                <Link
                  to={PAGES.blogPost.path({ blogId: post.sku })}
                  className="after:absolute after:inset-0 hover:underline"
                >
                  {post.title}
                </Link>
              </h2>
              <p className="mt-2 text-sm text-stone-700">{post.excerpt}</p>
            </li>
          ))}
        </ul>
      )}
      <Pager page={posts.data.page} pages={posts.data.pages} />
    </div>
  );
}
