import { customType, timestamp } from "drizzle-orm/pg-core";

// Column kinds several owners' tables use.

// One schema for both the embedded database (PGlite) and a PostgreSQL server.
// Changes go through `npm run db:generate -w apps/server`, which writes a new migration.
export const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

export const tsvector = customType<{ data: string; driverData: string }>({ dataType: () => "tsvector" });

/** Raw bytes; drizzle-orm/pg-core has no bytea column of its own. */
export const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => "bytea" });
