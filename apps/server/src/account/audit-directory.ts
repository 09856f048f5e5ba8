import { sql } from 'drizzle-orm';
import type { AuditDirectory } from '../audit/directory';
import { userDirectory } from '../auth/read-model';
import { storeDirectory } from '../stores/read-model';

/** The audit trail's reads of users and their stores, through the views auth and stores publish. */
export const auditDirectory: AuditDirectory = {
  emailOf: (userId) =>
    sql`select ${userDirectory.email} from ${userDirectory} where ${userDirectory.id} = ${userId}`,
  storeIdsOf: (userId) =>
    sql`select ${storeDirectory.id}::text from ${storeDirectory} where ${storeDirectory.userId} = ${userId}`,
};
