import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { databaseUrl, waitUntilUnused, withAdminClient } from "../../test-support/database-templates.js";
import { TEST_DATABASE_KINDS, type TestDatabaseKind } from "../../test-support/databases.js";
import { type Database, migrateEmbeddedDatabase, openServerDatabase, startPglite } from "./database.js";
import { SchemaNewerThanBuildError, schemaState, shippedMigrations } from "./migrations.js";

// A fresh database is migrated and says which migrations ran, by name; a database that a newer
// release migrated stops this build before it applies or serves anything.

/** Opens (and migrates) a database of the kind from nothing, twice if asked: the same data each time. */
async function freshDatabase(kind: TestDatabaseKind) {
  if (kind === "pglite") {
    const client = await startPglite();
    return {
      open: (log?: (names: string[]) => void) => migrateEmbeddedDatabase(client, log),
      dispose: () => client.close(),
    };
  }
  const serverUrl = process.env.DATABASE_URL ?? "";
  const name = `portal_migrations_${randomBytes(6).toString("hex")}`;
  await withAdminClient(serverUrl, (client) => client.query(`create database ${name}`));
  return {
    open: (log?: (names: string[]) => void) =>
      openServerDatabase(databaseUrl(serverUrl, name), { poolSize: 2, log }),
    dispose: () =>
      withAdminClient(serverUrl, async (client) => {
        await waitUntilUnused(client, name);
        await client.query(`drop database if exists ${name} with (force)`);
      }),
  };
}

describe.each(TEST_DATABASE_KINDS)("migrations on %s", (kind) => {
  it("applies every shipped migration once, saying each by name, then has none pending", async () => {
    const fresh = await freshDatabase(kind);
    let database: Database | undefined;
    try {
      const applied: string[][] = [];
      database = await fresh.open((names) => applied.push(names));
      expect(applied).toEqual([shippedMigrations().map((migration) => migration.name)]);
      expect(applied[0]).toContain("0010_contact_changes");
      expect(await schemaState(database.db)).toEqual({ pending: [], unknown: [] });
      if (kind === "postgres") await database.close();
      const again: string[][] = [];
      database = await fresh.open((names) => again.push(names));
      expect(again).toEqual([]);
    } finally {
      if (kind === "postgres") await database?.close();
      await fresh.dispose();
    }
  }, 60_000);

  it("refuses to start this build on a schema a newer release migrated, in one sentence", async () => {
    const fresh = await freshDatabase(kind);
    let database: Database | undefined = await fresh.open();
    try {
      const future = Math.max(...shippedMigrations().map((migration) => migration.createdAt)) + 86_400_000;
      await database.db.execute(
        sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('a-newer-release', ${future})`,
      );
      if (kind === "postgres") await database.close();
      database = undefined;
      const refused = await fresh.open().then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(refused).toBeInstanceOf(SchemaNewerThanBuildError);
      expect((refused as Error).message).toMatch(
        /^The database's schema is newer than this build: it has 1 migration\(s\) this build does not ship .*docs\/operations\.md\.$/,
      );
    } finally {
      if (kind === "postgres") await database?.close();
      await fresh.dispose();
    }
  }, 60_000);
});
