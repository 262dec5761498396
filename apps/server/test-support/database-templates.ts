import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { migrateEmbeddedDatabase, openServerDatabase, startPglite } from "../src/db/database.js";

// Starting PGlite and migrating it takes seconds; copying a migrated one takes a fraction of that.
// The global setup migrates once per run: a PGlite data directory dumped to a file, and (when
// DATABASE_URL is set) a template database on the server. Every test database is a fresh copy.

declare module "vitest" {
  export interface ProvidedContext {
    /** A migrated PGlite data directory (dumpDataDir, uncompressed), or "" when there is none. */
    pgliteTemplateFile: string;
    /** A migrated database on the DATABASE_URL server to create test databases from, or "". */
    postgresTemplateDatabase: string;
  }
}

export interface DatabaseTemplates {
  pgliteTemplateFile: string;
  postgresTemplateDatabase: string;
  dispose(): Promise<void>;
}

/** The URL of another database on the same server. */
export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function withAdminClient<T>(serverUrl: string, run: (client: pg.Client) => Promise<T>) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/**
 * A pool's connections end asynchronously after pool.end(); a database is only copied or dropped
 * cleanly once the server has let them all go.
 */
export async function waitUntilUnused(client: pg.Client, name: string): Promise<void> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const { rows } = await client.query<{ open: number }>(
      "select count(*)::int as open from pg_stat_activity where datname = $1",
      [name],
    );
    if (rows[0]?.open === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function createPgliteTemplate(): Promise<string> {
  const client = await startPglite();
  const database = await migrateEmbeddedDatabase(client);
  try {
    // Written out, so a copy starts without replaying the migrations' log.
    await client.exec("checkpoint");
    const dump = await client.dumpDataDir("none");
    const file = path.join(os.tmpdir(), `portal-test-template-${randomBytes(6).toString("hex")}.tar`);
    fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    return file;
  } finally {
    await database.close();
  }
}

async function createPostgresTemplate(serverUrl: string): Promise<string> {
  const name = `portal_template_${randomBytes(6).toString("hex")}`;
  await withAdminClient(serverUrl, (client) => client.query(`create database ${name}`));
  const database = await openServerDatabase(databaseUrl(serverUrl, name), { poolSize: 1 });
  await database.close();
  // CREATE DATABASE … TEMPLATE refuses a template anyone is still connected to.
  await withAdminClient(serverUrl, (client) => waitUntilUnused(client, name));
  return name;
}

export async function createDatabaseTemplates(serverUrl: string | undefined): Promise<DatabaseTemplates> {
  const [pglite, postgres] = await Promise.allSettled([
    createPgliteTemplate(),
    serverUrl ? createPostgresTemplate(serverUrl) : Promise.resolve(""),
  ]);
  const pgliteTemplateFile = pglite.status === "fulfilled" ? pglite.value : "";
  const postgresTemplateDatabase = postgres.status === "fulfilled" ? postgres.value : "";
  const dispose = async () => {
    if (pgliteTemplateFile) fs.rmSync(pgliteTemplateFile, { force: true });
    if (serverUrl && postgresTemplateDatabase) {
      await withAdminClient(serverUrl, (client) =>
        client.query(`drop database if exists ${postgresTemplateDatabase} with (force)`),
      );
    }
  };
  for (const result of [pglite, postgres]) {
    if (result.status === "rejected") {
      await dispose();
      throw result.reason;
    }
  }
  return { pgliteTemplateFile, postgresTemplateDatabase, dispose };
}
