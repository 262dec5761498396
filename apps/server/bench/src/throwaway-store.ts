import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { type Database, openEmbeddedDatabase, openServerDatabase } from "../../dist/db/database.js";

// A database of a bench run's own, dropped afterwards: a fresh PGlite directory, or a new database
// on the DATABASE_URL server (never the database that URL names).

export interface Store {
  kind: "embedded" | "server";
  /** What the server is started with to use this database. */
  env: Record<string, string>;
  open(): Promise<Database>;
  dispose(): Promise<void>;
}

/** On the DATABASE_URL server when it is set and `kind` allows, else in a PGlite directory. */
export async function newStore(prefix: string, kind: "embedded" | "server" = "server"): Promise<Store> {
  const adminUrl = process.env.DATABASE_URL;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `portal-${prefix}-`));
  if (!adminUrl || kind === "embedded") {
    return {
      kind: "embedded",
      env: { DATA_DIR: dataDir },
      open: () => openEmbeddedDatabase(path.join(dataDir, "pglite")),
      dispose: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const name = `portal_${prefix}_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    kind: "server",
    env: { DATA_DIR: dataDir, DATABASE_URL: url.toString() },
    open: () => openServerDatabase(url.toString(), 2),
    dispose: async () => {
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
