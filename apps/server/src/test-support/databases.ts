import { randomBytes } from "node:crypto";
import pg from "pg";
import { type Database, openEmbeddedDatabase, openServerDatabase } from "../db/database.js";

export type TestDatabaseKind = "pglite" | "postgres";

/** Every server test runs on PGlite, and on the PostgreSQL server when DATABASE_URL is set. */
export const TEST_DATABASE_KINDS: readonly TestDatabaseKind[] = process.env.DATABASE_URL
  ? ["pglite", "postgres"]
  : ["pglite"];

/** A fresh, migrated database: in-memory PGlite, or a throwaway database on the server. */
export async function openTestDatabase(kind: TestDatabaseKind): Promise<Database> {
  if (kind === "pglite") return openEmbeddedDatabase();
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) throw new Error("DATABASE_URL is not set");
  const name = `portal_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openServerDatabase(url.toString(), 4);
  return {
    ...database,
    close: async () => {
      await database.close();
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      // The pool's connections end asynchronously; forcing them closed while they still end
      // makes the server send an error to a client nobody listens to any more.
      for (let attempt = 0; attempt < 50; attempt += 1) {
        const { rows } = await dropper.query(
          "select count(*)::int as open from pg_stat_activity where datname = $1",
          [name],
        );
        if (rows[0]?.open === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}
