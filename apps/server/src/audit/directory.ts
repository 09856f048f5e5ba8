import type { SQL } from 'drizzle-orm';

/**
 * What the trail reads of the accounts it records, inside its own statements: the features
 * that own users and stores stand above it, so the app gives it their published views
 * (account/audit-directory.ts) instead of the trail importing them.
 */
export type AuditDirectory = {
  /** A subquery answering the address of the user `userId` now (no row when there is none). */
  emailOf(userId: number): SQL;
  /** A subquery answering the ids, as text, of the stores the user `userId` owns. */
  storeIdsOf(userId: number): SQL;
};
