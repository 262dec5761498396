import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { type Database, openEmbeddedDatabase, openServerDatabase } from "../../dist/db/database.js";

// A database of a bench run's own, dropped afterwards: a fresh PGlite directory, or a new database
// on the DATABASE_URL server (never the database that URL names). Every portal process on one store
// is started with the store's one SESSION_SECRET, as the processes of one deployment share theirs: a
// process with a secret of its own would find every anti-forgery cookie the bench holds foreign, and
// set a new one in each answer it measures, which a browser takes once.

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
  const secret = randomBytes(32).toString("hex");
  if (!adminUrl || kind === "embedded") {
    return {
      kind: "embedded",
      env: { DATA_DIR: dataDir, SESSION_SECRET: secret },
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
    env: { DATA_DIR: dataDir, DATABASE_URL: url.toString(), SESSION_SECRET: secret },
    open: () => openServerDatabase(url.toString(), { poolSize: 2 }),
    dispose: async () => {
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
