import { and, eq } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { users } from '../db/schema';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

export function usersRepository(db: Executor) {
  return {
    async findById(id: number, executor: Executor = db): Promise<UserRow | undefined> {
      const [row] = await executor.select().from(users).where(eq(users.id, id));
      return row;
    },
    async findByEmail(client: number, email: string, executor: Executor = db): Promise<UserRow | undefined> {
      const [row] = await executor
        .select()
        .from(users)
        .where(and(eq(users.client, client), eq(users.email, email.toLowerCase())));
      return row;
    },
    /** Inserts, or answers undefined when (client, email) is taken. */
    async insert(user: NewUser, executor: Executor = db): Promise<UserRow | undefined> {
      const [row] = await executor
        .insert(users)
        .values({ ...user, email: user.email.toLowerCase() })
        .onConflictDoNothing({ target: [users.client, users.email] })
        .returning();
      return row;
    },
    async update(id: number, values: Partial<NewUser>, executor: Executor = db): Promise<void> {
      await executor.update(users).set(values).where(eq(users.id, id));
    },
  };
}
export type UsersRepository = ReturnType<typeof usersRepository>;
