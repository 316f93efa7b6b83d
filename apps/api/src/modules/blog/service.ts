import { BLOG_PAGE_SIZE } from '@sentiero/contract/blog';
import { pageCount } from '@sentiero/contract/paging';
import type { ServiceContext } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';
import { findBlogCards, findBlogPost } from './repo.ts';

/** Anchor ids for headings: lower case ASCII words joined by dashes ("Quando andare" → "quando-andare"). */
export function headingId(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/**
 * The table of contents of a markdown post: its `## ` headings, in order. The line is trimmed in
 * code: a lazy group before `\s*$` backtracks quadratically on a long line of spaces.
 */
export function tableOfContents(markdown: string): { id: string; title: string }[] {
  return [...markdown.matchAll(/^## +(.+)$/gm)].flatMap((match) => {
    const title = (match[1] ?? '').trim();
    return title ? [{ id: headingId(title), title }] : [];
  });
}

export async function listBlogPosts(ctx: ServiceContext, page: number) {
  const { rows, total } = await findBlogCards(ctx.db, ctx.lang, BLOG_PAGE_SIZE, (page - 1) * BLOG_PAGE_SIZE);
  return {
    post_list: rows.map((row) => ({
      sku: row.sku,
      title: row.title,
      excerpt: row.excerpt,
      published_at: row.publishedAt,
    })),
    page,
    pages: pageCount(total, BLOG_PAGE_SIZE),
    total,
  };
}

export async function requireBlogPost(ctx: ServiceContext, sku: string) {
  const row = await findBlogPost(ctx.db, ctx.lang, sku);
  if (!row) throw notFound();
  return {
    post: {
      sku: row.sku,
      title: row.title,
      excerpt: row.excerpt,
      published_at: row.publishedAt,
      body: row.body,
      toc: tableOfContents(row.body),
      activity: row.activity,
      area_id: row.areaId,
    },
  };
}
