import { randomBytes } from "node:crypto";
import fs from "node:fs";
import { inject } from "vitest";
import {
  type Database,
  migrateEmbeddedDatabase,
  openEmbeddedDatabase,
  openServerDatabase,
  startPglite,
} from "../src/db/database.js";
import { databaseUrl, waitUntilUnused, withAdminClient } from "./database-templates.js";

export type TestDatabaseKind = "pglite" | "postgres";

/** Every server test runs on PGlite, and on the PostgreSQL server when DATABASE_URL is set. */
export const TEST_DATABASE_KINDS: readonly TestDatabaseKind[] = process.env.DATABASE_URL
  ? ["pglite", "postgres"]
  : ["pglite"];

let pgliteTemplate: Blob | undefined;

/** An in-memory PGlite copied from the run's migrated template (migrated here when there is none). */
async function openPgliteTestDatabase(): Promise<Database> {
  const file = inject("pgliteTemplateFile");
  if (!file) return openEmbeddedDatabase();
  pgliteTemplate ??= new Blob([fs.readFileSync(file)]);
  return migrateEmbeddedDatabase(await startPglite({ loadDataDir: pgliteTemplate }));
}

/**
 * A fresh, migrated database of its own for each call, so no test sees another's rows: in-memory
 * PGlite, or a throwaway database on the server, copied from the run's migrated template; on the
 * server with `poolSize` connections (a test of many writers at once wants more than the 4) and
 * the lock wait the server's default, or `lockWaitSeconds`.
 */
export async function openTestDatabase(
  kind: TestDatabaseKind,
  { poolSize = 4, lockWaitSeconds }: { poolSize?: number; lockWaitSeconds?: number } = {},
): Promise<Database> {
  if (kind === "pglite") return openPgliteTestDatabase();
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) throw new Error("DATABASE_URL is not set");
  const name = `portal_test_${randomBytes(6).toString("hex")}`;
  const template = inject("postgresTemplateDatabase");
  await withAdminClient(serverUrl, (client) =>
    client.query(template ? `create database ${name} template ${template}` : `create database ${name}`),
  );
  const database = await openServerDatabase(databaseUrl(serverUrl, name), { poolSize, lockWaitSeconds });
  return {
    ...database,
    close: async () => {
      await database.close();
      // Forcing connections closed while they still end makes the server send an error to a
      // client nobody listens to any more: wait for them first.
      await withAdminClient(serverUrl, async (client) => {
        await waitUntilUnused(client, name);
        await client.query(`drop database if exists ${name} with (force)`);
      });
    },
  };
}
