import type { Db } from '@sentiero/db/client';
import { sql } from 'drizzle-orm';

/**
 * Sets the popularity of tickets sold since `since` to their places paid since then, in the
 * ticket and in the copies listings and search read (`ticket_facets`, `ticket_search`), in one
 * transaction. Only changed rows are written, and only recent orders are read. Answers how many
 * tickets changed.
 */
export async function updateTicketPopularity(db: Db, since: Date): Promise<number> {
  const from = since.toISOString();
  return db.transaction(async (tx) => {
    const changed = await tx.execute(sql`
      with sold as (
        select l.ticket_id,
          (count(*) filter (where o.status in ('paid', 'issued') and o.created_at >= ${from}::timestamptz))::int as places
        from orders o
        join order_lines l on l.order_id = o.id
        -- A day more than counted: a ticket whose last sale just left the window drops to its new figure.
        where o.created_at >= ${from}::timestamptz - interval '1 day'
        group by l.ticket_id
      )
      update tickets t set popularity = sold.places
      from sold
      where t.id = sold.ticket_id and t.popularity <> sold.places
      returning t.id`);
    const rows = (changed as unknown as { rows: { id: number }[] }).rows;
    if (rows.length === 0) return 0;
    const ids = `{${rows.map((row) => row.id).join(',')}}`;
    await tx.execute(sql`update ticket_facets f set popularity = t.popularity
      from tickets t where t.id = f.ticket_id and f.ticket_id = any(${ids}::int[])`);
    await tx.execute(sql`update ticket_search s set popularity = t.popularity
      from tickets t where t.id = s.ticket_id and s.ticket_id = any(${ids}::int[])`);
    return rows.length;
  });
}
