import type { AdPlacement } from '@sentiero/contract/premium';
import type { Db, Transaction } from '@sentiero/db/client';
import { adImages, ads } from '@sentiero/db/schema';
import { and, arrayContains, count, desc, eq } from 'drizzle-orm';

/* The console's advertisement queries (ADR 038); the storefront's slot reads them in premium. */

export type AdRow = typeof ads.$inferSelect;
export type AdValues = Omit<typeof ads.$inferInsert, 'id' | 'createdAt'>;

export async function findAdPage(
  db: Db,
  filter: { state?: 'active' | 'inactive'; placement?: AdPlacement },
  page: { limit: number; offset: number },
) {
  const where = and(
    filter.state ? eq(ads.active, filter.state === 'active') : undefined,
    filter.placement ? arrayContains(ads.placements, [filter.placement]) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(ads)
      .where(where)
      .orderBy(desc(ads.createdAt), desc(ads.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(ads).where(where),
  ]);
  return { rows, total: total?.total ?? 0 };
}

export async function findAd(db: Db | Transaction, id: string, { lock = false } = {}) {
  const query = db.select().from(ads).where(eq(ads.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function insertAd(tx: Transaction, id: string, values: AdValues): Promise<AdRow> {
  const [row] = await tx
    .insert(ads)
    .values({ id, ...values })
    .returning();
  if (!row) throw new Error('the ad was not written');
  return row;
}

export async function updateAd(tx: Transaction, id: string, values: Partial<AdValues>): Promise<AdRow> {
  const [row] = await tx.update(ads).set(values).where(eq(ads.id, id)).returning();
  if (!row) throw new Error(`ad ${id} vanished while locked`);
  return row;
}

/** The ad's one picture, replacing the one it had. */
export async function saveAdImage(tx: Transaction, values: typeof adImages.$inferInsert): Promise<void> {
  await tx
    .insert(adImages)
    .values(values)
    .onConflictDoUpdate({
      target: adImages.adId,
      set: {
        version: values.version,
        contentType: values.contentType,
        width: values.width,
        height: values.height,
        body: values.body,
        createdAt: values.createdAt,
      },
    });
}

export async function findAdImage(db: Db, adId: string, version: string) {
  const [row] = await db
    .select({ contentType: adImages.contentType, body: adImages.body })
    .from(adImages)
    .where(and(eq(adImages.adId, adId), eq(adImages.version, version)));
  return row;
}
