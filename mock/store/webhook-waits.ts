/**
 * The waits of `GET /mock/webhooks?wait=` under way (table `webhook_waits`, migration 14), a row
 * each, so that a merchant's cap counts its waits through every process of the database, not one
 * process's. A row is taken out when its wait ends; one a killed process left counts until its
 * `until` (the longest a wait lasts, and a little more), and goes with its merchant.
 */
import type { Database } from './database';

/**
 * A wait of merchant `merchantId` lasting at most `ms`, counted if fewer than `cap` of its waits
 * are under way (in one transaction, under a lock per merchant, so waits asked for at once through
 * several processes never pass the cap): its row's id; null at the cap; 0 when the merchant is gone
 * (deleted meanwhile: nothing to count, and its wait finds nothing).
 */
export async function takeWait(db: Database, merchantId: number, ms: number, cap: number): Promise<number | null> {
  return db.transaction(async (sql) => {
    await sql.query("SELECT pg_advisory_xact_lock(hashtextextended('payui webhook waits ' || $1::text, 0))", [merchantId]);
    const { rows: [merchant] } = await sql.query('SELECT 1 FROM merchants WHERE id = $1', [merchantId]);
    if (!merchant) return 0;
    await sql.query('DELETE FROM webhook_waits WHERE merchant_id = $1 AND until < now()', [merchantId]);
    const { rows } = await sql.query<{ id: string }>(
      `INSERT INTO webhook_waits (merchant_id, until)
       SELECT $1, now() + $2 * interval '1 millisecond'
       WHERE (SELECT count(*) FROM webhook_waits WHERE merchant_id = $1) < $3
       RETURNING id`,
      [merchantId, ms, cap],
    );
    return rows[0] ? Number(rows[0].id) : null;
  });
}

/** A wait ended: its row goes (a database closed meanwhile keeps it until its `until`). */
export async function endWait(db: Database, id: number): Promise<void> {
  await db.sql.query('DELETE FROM webhook_waits WHERE id = $1', [id]).catch(() => undefined);
}
