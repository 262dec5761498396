import fs from "node:fs";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import { readMigrationFiles } from "drizzle-orm/migrator";
import { StartupError } from "../lib/startup-error.js";
import type { Queryable } from "./database.js";
import { rowsOf } from "./raw-rows.js";

// Which migrations this build ships, which the database has, and what follows: drizzle applies the
// shipped ones newer than the newest applied, and says nothing when the database is AHEAD of the
// build (an old release started after a new one migrated). That case must stop the process: old
// code on a newer schema answers 500s, or worse, writes rows the new schema reads wrongly.

export const migrationsFolder = fileURLToPath(new URL("../../drizzle", import.meta.url));

export interface ShippedMigration {
  /** The file's name without .sql: 0010_contact_changes. */
  name: string;
  createdAt: number;
  hash: string;
}

export interface AppliedMigration {
  createdAt: number;
  hash: string;
}

export interface SchemaState {
  /** Shipped migrations the database does not have yet, by name. */
  pending: string[];
  /** Applied migrations this build does not ship (a newer release's). */
  unknown: AppliedMigration[];
}

let shipped: ShippedMigration[] | undefined;

/** The build's migrations, from drizzle's journal, in order (read once). */
export function shippedMigrations(): ShippedMigration[] {
  if (!shipped) {
    const files = readMigrationFiles({ migrationsFolder });
    const names = journalNames();
    shipped = files.map((file, index) => ({
      name: names[index] ?? `migration ${index}`,
      createdAt: file.folderMillis,
      hash: file.hash,
    }));
  }
  return shipped;
}

function journalNames(): string[] {
  // readMigrationFiles has already checked that the journal is there.
  const journal = JSON.parse(fs.readFileSync(`${migrationsFolder}/meta/_journal.json`, "utf8")) as {
    entries: { tag: string }[];
  };
  return journal.entries.map((entry) => entry.tag);
}

/** What drizzle recorded as applied; none before the first migration. */
export async function appliedMigrations(db: Queryable): Promise<AppliedMigration[]> {
  const [table] = await rowsOf<{ present: boolean }>(
    db,
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
  );
  if (!table?.present) return [];
  const rows = await rowsOf<{ hash: string; created_at: string | number }>(
    db,
    sql`select hash, created_at from drizzle.__drizzle_migrations order by created_at`,
  );
  return rows.map((row) => ({ hash: row.hash, createdAt: Number(row.created_at) }));
}

export async function schemaState(db: Queryable): Promise<SchemaState> {
  const applied = await appliedMigrations(db);
  const build = shippedMigrations();
  const appliedHashes = new Set(applied.map((migration) => migration.hash));
  const newestShipped = Math.max(0, ...build.map((migration) => migration.createdAt));
  const buildHashes = new Set(build.map((migration) => migration.hash));
  return {
    pending: build
      .filter((migration) => !appliedHashes.has(migration.hash))
      .map((migration) => migration.name),
    // A migration of ours applied from an edited file has another hash but the same time: only
    // what is newer than anything this build ships counts as a newer release's.
    unknown: applied.filter(
      (migration) => !buildHashes.has(migration.hash) && migration.createdAt > newestShipped,
    ),
  };
}

export class SchemaNewerThanBuildError extends StartupError {
  override name = "SchemaNewerThanBuildError";
}

/** Refuses to run this build on a database a newer release has migrated; one line says so. */
export function assertSchemaNotNewer(state: SchemaState): void {
  if (state.unknown.length === 0) return;
  const newest = new Date(Math.max(...state.unknown.map((migration) => migration.createdAt)));
  throw new SchemaNewerThanBuildError(
    `The database's schema is newer than this build: it has ${state.unknown.length} migration(s) this build does not ship (the newest written ${newest.toISOString().slice(0, 10)}). Start the release that migrated it, or follow "Upgrade and rollback" in docs/operations.md.`,
  );
}
