import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/core/data/db';
import { PG_URL, postgresUnavailable } from './helpers';

describe.skipIf(postgresUnavailable !== undefined)(
  'each instance holds a pool of 10 PostgreSQL connections (docs/operations.md)',
  () => {
    it('opens at most 10 connections, and further queries wait for one', async () => {
      const database = openDatabase({ url: PG_URL });
      try {
        let peak = { total: 0, waiting: 0 };
        const queries = Array.from({ length: 14 }, () =>
          database.db.execute(sql`select pg_sleep(0.3)`),
        );
        const watch = setInterval(() => {
          const stats = database.poolStats?.();
          if (stats)
            peak = {
              total: Math.max(peak.total, stats.total),
              waiting: Math.max(peak.waiting, stats.waiting),
            };
        }, 20);
        await Promise.all(queries);
        clearInterval(watch);
        expect(peak.total).toBe(10);
        expect(peak.waiting).toBeGreaterThan(0);
      } finally {
        await database.close();
      }
    });
  },
);
