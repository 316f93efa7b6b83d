import { z } from 'zod';
import { ZLanguageParam } from './common.ts';
import { defineEndpoint } from './endpoint.ts';
import { ZPageParam, ZPaging } from './paging.ts';

export const BLOG_PAGE_SIZE = 9;

export const ZBlogCard = z
  .object({ sku: z.string(), title: z.string(), excerpt: z.string(), published_at: z.string() })
  .meta({ id: 'BlogCard' });

export const ZBlogPost = ZBlogCard.extend({
  /** Markdown; `## ` headings make the table of contents. */
  body: z.string(),
  toc: z.array(z.object({ id: z.string(), title: z.string() })),
  activity: z.string().nullable(),
  area_id: z.number().int().nullable(),
}).meta({ id: 'BlogPost' });

export const blogList = defineEndpoint({
  path: '/app/blog/list',
  kind: 'read',
  access: 'public',
  cache: 'public',
  tag: 'blog',
  summary: 'Blog posts, newest first.',
  input: z.object({ lng: ZLanguageParam, page: ZPageParam }),
  output: z.object({ post_list: z.array(ZBlogCard), ...ZPaging }),
});

export const blogInfo = defineEndpoint({
  path: '/app/blog/info',
  kind: 'read',
  access: 'public',
  cache: 'public',
  tag: 'blog',
  summary: 'One blog post, by sku.',
  input: z.object({ lng: ZLanguageParam, sku: z.string().trim().min(1).max(120) }),
  output: z.object({ post: ZBlogPost }),
});
