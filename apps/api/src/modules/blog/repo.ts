import type { Language } from '@sentiero/contract/languages';
import type { Db } from '@sentiero/db/client';
import { localized } from '@sentiero/db/localized';
import { preparedOnce } from '@sentiero/db/prepared';
import { activityTypes, blogPosts } from '@sentiero/db/schema';
import { desc, eq, sql } from 'drizzle-orm';

function cardColumns(language: Language) {
  return {
    sku: blogPosts.sku,
    title: localized(blogPosts.title, language),
    excerpt: localized(blogPosts.excerpt, language),
    publishedAt: blogPosts.publishedAt,
  };
}

/** A page of posts, newest first, and how many there are: prepared once per language. */
export async function findBlogCards(db: Db, language: Language, limit: number, offset: number) {
  const find = preparedOnce(db, `blog_cards_${language}`, (name) =>
    db
      .select({ ...cardColumns(language), total: sql<number>`count(*) over()`.mapWith(Number) })
      .from(blogPosts)
      .orderBy(desc(blogPosts.publishedAt), desc(blogPosts.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(name),
  );
  const rows = await find.execute({ limit, offset });
  return { rows, total: rows[0]?.total ?? 0 };
}

export async function findBlogPost(db: Db, language: Language, sku: string) {
  const [row] = await db
    .select({
      ...cardColumns(language),
      body: localized(blogPosts.body, language),
      activity: activityTypes.slug,
      areaId: blogPosts.areaId,
    })
    .from(blogPosts)
    .leftJoin(activityTypes, eq(activityTypes.id, blogPosts.activityTypeId))
    .where(eq(blogPosts.sku, sku));
  return row;
}
