import { bigint, boolean, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

// The tables modules/register owns: it alone writes them (modules/table-ownership.test.ts).

/**
 * One row per run of `register:import` that wrote something: who ran it (the operating-system
 * account), the files' SHA-256 checksums and the counts. Part of the audit trail: updates and
 * deletes are refused by a trigger (migration 0008).
 */
export const registerImports = pgTable("register_imports", {
  id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
  ranBy: text("ran_by").notNull(),
  startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
  finishedAt: timestamp("finished_at", { withTimezone: true }).notNull(),
  /** File name → SHA-256 of its bytes. */
  fileChecksums: jsonb("file_checksums").$type<Record<string, string>>().notNull(),
  /** Kind → { inserted, updated, removed }. */
  counts: jsonb("counts")
    .$type<Record<string, { inserted: number; updated: number; removed: number }>>()
    .notNull(),
  removeMissing: boolean("remove_missing").notNull(),
});
