import { PAGES } from '@sentiero/contract/pages';
import { Search } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { formatLocalizedDate } from '../../../lib/format.ts';
import { useCurrentLanguage } from '../../../lib/i18n.ts';
import { orNotFound, pageScope } from '../../../lib/route-data.ts';
import { Markdown } from '../../../ui/markdown.tsx';
import { getBlogPostQueryOptions, useBlogPost } from '../api.ts';

/** `/blog/{blogId}`: the post is loaded by its sku. */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const sku = params.blogId ?? '';
  const { queryClient, language } = pageScope(context);
  await orNotFound(queryClient.ensureQueryData(getBlogPostQueryOptions(language, sku)));
  return { sku };
}

/** `ad`: the post's advertising slot, composed in by the app. */
export function Component({ ad }: { ad?: ReactNode }) {
  const { sku } = useLoaderData<typeof loader>();
  const { t } = useTranslation('blog');
  const language = useCurrentLanguage();
  const post = useBlogPost(sku).data?.post;
  if (!post) return null;
  const searchTo = post.area_id ? PAGES.area.path({ eventsId: post.area_id }) : PAGES.search.path();
  return (
    <article className="mx-auto grid max-w-5xl gap-10 lg:grid-cols-[1fr_16rem]">
      <div>
        <time dateTime={post.published_at} className="text-sm text-stone-500">
          {formatLocalizedDate(post.published_at, language, 'long')}
        </time>
        <h1 className="mt-1 font-semibold text-3xl tracking-tight">{post.title}</h1>
        <p className="mt-3 text-lg text-stone-600">{post.excerpt}</p>
        <div className="text-stone-800">
          <Markdown source={post.body} headingIds={post.toc.map((entry) => entry.id)} />
        </div>
      </div>
      <aside className="space-y-6 lg:sticky lg:top-24 lg:self-start">
        {post.toc.length > 0 && (
          <nav aria-labelledby="post-toc" className="rounded-xl border border-stone-200 bg-white p-4 text-sm">
            <h2 id="post-toc" className="font-semibold">
              {t('toc')}
            </h2>
            <ol className="mt-2 space-y-1.5">
              {post.toc.map((entry) => (
                <li key={entry.id}>
                  <a href={`#${entry.id}`} className="text-brand-800 hover:underline">
                    {entry.title}
                  </a>
                </li>
              ))}
            </ol>
          </nav>
        )}
        <Link
          to={searchTo}
          className="flex items-center justify-center gap-2 rounded-lg bg-brand-700 px-4 py-3 font-semibold text-white hover:bg-brand-800"
        >
          <Search aria-hidden className="size-4" />
          {t('searchAdventure')}
        </Link>
        {ad}
      </aside>
    </article>
  );
}
