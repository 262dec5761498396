import { index, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

// The tables modules/reports owns: it alone writes them (modules/table-ownership.test.ts).

/**
 * The reports' volumes (docs/decisions 0025): new queries, updates, replies and closes per hour
 * (UTC), channel and category, kept by triggers (migration 0021) in the transaction of each event.
 * A report adds up the hours of its days in TIME_ZONE, so a quarter is a few thousand rows, never
 * every message. Events stay counted when their rows are later removed: they happened. Only the
 * background fold writes this table; new events wait in reportVolumeChanges (decision 0031).
 */
export const reportVolumes = pgTable(
  "report_volumes",
  {
    hour: timestamp("hour", { withTimezone: true }).notNull(),
    origin: text("origin").notNull(),
    category: text("category").notNull(),
    newQueries: integer("new_queries").notNull().default(0),
    updates: integer("updates").notNull().default(0),
    replies: integer("replies").notNull().default(0),
    closed: integer("closed").notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.hour, table.origin, table.category] })],
);

/**
 * Events not yet folded into reportVolumes: one row an event (or a backfilled batch), written by
 * the triggers of migration 0021 (as changed by 0026) and by the history backfill, folded in the
 * background (decision 0031). A report adds both tables up. Only ever inserted into by writers.
 */
export const reportVolumeChanges = pgTable(
  "report_volume_changes",
  {
    hour: timestamp("hour", { withTimezone: true }).notNull(),
    origin: text("origin").notNull(),
    category: text("category").notNull(),
    newQueries: integer("new_queries").notNull().default(0),
    updates: integer("updates").notNull().default(0),
    replies: integer("replies").notNull().default(0),
    closed: integer("closed").notNull().default(0),
  },
  (table) => [index("report_volume_changes_hour").on(table.hour)],
);
