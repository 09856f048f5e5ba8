import { and, eq, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { Executor, Tx } from '../core/data/db';
import type { ImageHolder } from './holders';
import { images } from './schema';

export type ImageRow = typeof images.$inferSelect;

export function imagesRepository(db: Executor, holders: readonly ImageHolder[] = []) {
  /** No holder points at the image of this row. */
  const unreferenced = (): SQL | undefined =>
    and(...holders.map((holder) => sql`not exists (${holder.pointsAt(images.publicId)})`));
  return {
    async insert(image: typeof images.$inferInsert): Promise<void> {
      await db.insert(images).values(image);
    },
    async find(publicId: string): Promise<ImageRow | undefined> {
      const [row] = await db.select().from(images).where(eq(images.publicId, publicId));
      return row;
    },
    async exists(publicId: string, executor: Executor = db): Promise<boolean> {
      const [row] = await executor
        .select({ one: sql`1` })
        .from(images)
        .where(eq(images.publicId, publicId));
      return row !== undefined;
    },
    /**
     * Deletes the images created before `cutoff` that no holder (a store's logo_url) points at
     * and answers their ids. Holds a SHARE lock on the holders until `tx` ends, so their writes in
     * flight finish before the check and new ones wait for the delete: a logo saved at the
     * same moment is either seen by the check or saved after the image is gone. Images
     * another instance deleted first are skipped.
     */
    async deleteUnreferencedBefore(cutoff: Date, tx: Tx): Promise<string[]> {
      await tx.execute(sql`set local lock_timeout = '5s'`);
      for (const holder of holders) await tx.execute(sql`lock table ${holder.table} in share mode`);
      const rows = await tx
        .delete(images)
        .where(and(lt(images.createdAt, cutoff), unreferenced()))
        .returning({ publicId: images.publicId });
      return rows.map((row) => row.publicId);
    },
    /** Deletes these images where no holder (a store's logo_url) points at them (in the caller's transaction); answers their ids. */
    async deleteUnreferenced(publicIds: readonly string[], executor: Executor): Promise<string[]> {
      if (publicIds.length === 0) return [];
      const rows = await executor
        .delete(images)
        .where(and(inArray(images.publicId, [...publicIds]), unreferenced()))
        .returning({ publicId: images.publicId });
      return rows.map((row) => row.publicId);
    },
  };
}
export type ImagesRepository = ReturnType<typeof imagesRepository>;
