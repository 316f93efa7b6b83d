import type { Db } from '@sentiero/db/client';
import { areas, blogPosts, categories, tickets } from '@sentiero/db/schema';
import { asc, eq } from 'drizzle-orm';

/** Every public page that has its own address: categories, areas, events and blog posts. */
export async function findPublicPages(db: Db) {
  const [categoryRows, areaRows, ticketRows, postRows] = await Promise.all([
    db.select({ id: categories.id }).from(categories).orderBy(asc(categories.id)),
    db.select({ id: areas.id }).from(areas).orderBy(asc(areas.id)),
    db
      .select({ id: tickets.id })
      .from(tickets)
      .where(eq(tickets.status, 'published'))
      .orderBy(asc(tickets.id)),
    db
      .select({ sku: blogPosts.sku, publishedAt: blogPosts.publishedAt })
      .from(blogPosts)
      .orderBy(asc(blogPosts.id)),
  ]);
  return { categoryRows, areaRows, ticketRows, postRows };
}
