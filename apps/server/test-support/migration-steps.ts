import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { startPglite } from "../src/db/database.js";
import { migrationsFolder } from "../src/db/migrations.js";
import { databaseUrl, waitUntilUnused, withAdminClient } from "./database-templates.js";
import type { TestDatabaseKind } from "./databases.js";

// For tests of one migration over rows as an earlier release wrote them: a fresh database of
// either kind, the migrations up to a point run file by file, then the one under test.

export type RunStatement = (text: string) => Promise<unknown[]>;

export function migrationFiles(): string[] {
  return fs
    .readdirSync(migrationsFolder)
    .filter((name) => name.endsWith(".sql"))
    .sort();
}

export async function runMigrationFile(run: RunStatement, name: string): Promise<void> {
  const text = fs.readFileSync(path.join(migrationsFolder, name), "utf8");
  for (const statement of text.split("--> statement-breakpoint")) if (statement.trim()) await run(statement);
}

/** Runs every migration up to and including `last` (a file name without `.sql`). */
export async function migrateUpTo(run: RunStatement, last: string): Promise<void> {
  for (const file of migrationFiles().filter((name) => name <= `${last}.sql`))
    await runMigrationFile(run, file);
}

/** A new, empty database of `kind` for `work`, dropped afterwards. */
export async function withEmptyDatabase<T>(
  kind: TestDatabaseKind,
  work: (query: RunStatement) => Promise<T>,
) {
  if (kind === "pglite") {
    const client = await startPglite();
    try {
      return await work(async (text) => (await client.query(text)).rows);
    } finally {
      await client.close();
    }
  }
  const serverUrl = process.env.DATABASE_URL ?? "";
  const name = `portal_migration_${randomBytes(6).toString("hex")}`;
  await withAdminClient(serverUrl, (client) => client.query(`create database ${name}`));
  const client = new pg.Client({ connectionString: databaseUrl(serverUrl, name) });
  await client.connect();
  try {
    return await work(async (text) => (await client.query(text)).rows);
  } finally {
    await client.end();
    await withAdminClient(serverUrl, async (admin) => {
      await waitUntilUnused(admin, name);
      await admin.query(`drop database if exists ${name} with (force)`);
    });
  }
}
