import { eq } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { images } from '../db/schema';

export type ImageRow = typeof images.$inferSelect;

export function imagesRepository(db: Executor) {
  return {
    async insert(image: typeof images.$inferInsert): Promise<void> {
      await db.insert(images).values(image);
    },
    async find(publicId: string): Promise<ImageRow | undefined> {
      const [row] = await db.select().from(images).where(eq(images.publicId, publicId));
      return row;
    },
  };
}
export type ImagesRepository = ReturnType<typeof imagesRepository>;
