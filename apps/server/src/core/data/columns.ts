import { customType, timestamp } from 'drizzle-orm/pg-core';

// No time defaults: every timestamp is written from the app's clock (core/platform/clock.ts), never the database's.
export const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
};

/** Bytes as PostgreSQL's bytea, read back as a Buffer from either driver. */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});
