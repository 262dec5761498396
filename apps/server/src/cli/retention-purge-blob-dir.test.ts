import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseUrl, waitUntilUnused, withAdminClient } from "../../test-support/database-templates.js";
import { openServerDatabase } from "../db/database.js";
import { auditEvents } from "../db/schema.js";
import { markBlobDirectory } from "../modules/storage/index.js";

// retention:purge against a PostgreSQL server deletes rows there and their files in DATA_DIR/blobs:
// with a DATA_DIR that is not the portal's it deleted the rows and silently left the files. It now
// refuses, before any row goes, a blob directory without the marker the portal writes at start.
// (With the embedded database the rows are in the same DATA_DIR: nothing to disagree.)

const serverUrl = process.env.DATABASE_URL;
const serverRoot = fileURLToPath(new URL("../..", import.meta.url));
const name = `portal_purge_${randomBytes(6).toString("hex")}`;
const url = serverUrl ? databaseUrl(serverUrl, name) : "";

function purge(dataDir: string) {
  const child = spawn(
    process.execPath,
    ["--conditions=source", "--import", "tsx", path.join(serverRoot, "src/cli.ts"), "retention:purge"],
    {
      cwd: serverRoot,
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        DATABASE_URL: url,
        SESSION_SECRET: "purge-test-secret-0123456789abcdef",
        NODE_ENV: "test",
        LOG_LEVEL: "silent",
      },
    },
  );
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  return new Promise<{ status: number | null; output: string }>((resolve) =>
    child.once("exit", (status) => resolve({ status, output })),
  );
}

async function purgeRuns(): Promise<number> {
  const database = await openServerDatabase(url, { poolSize: 1 });
  try {
    const rows = await database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.resource, "retention-purge"));
    return rows.length;
  } finally {
    await database.close();
  }
}

describe.skipIf(!serverUrl)("retention:purge with local blobs on a PostgreSQL server", () => {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "purge-blob-dir-"));
  beforeAll(async () => {
    await withAdminClient(serverUrl ?? "", (client) => client.query(`create database ${name}`));
  });
  afterAll(async () => {
    fs.rmSync(scratch, { recursive: true, force: true });
    await withAdminClient(serverUrl ?? "", async (client) => {
      await waitUntilUnused(client, name);
      await client.query(`drop database if exists ${name} with (force)`);
    });
  });

  it("refuses a DATA_DIR whose blob directory is not the portal's, removing nothing", async () => {
    const strange = path.join(scratch, "not-the-portals");
    fs.mkdirSync(path.join(strange, "blobs"), { recursive: true });
    const refused = await purge(strange);
    expect(refused.status, refused.output).toBe(1);
    expect(refused.output).toMatch(/is not the portal's blob directory[\s\S]*Nothing was removed/);
  }, 120_000);

  it("purges with the portal's blob directory, marked at start", async () => {
    const portals = path.join(scratch, "the-portals");
    await markBlobDirectory(path.join(portals, "blobs"));
    const ran = await purge(portals);
    expect(ran.status, ran.output).toBe(0);
    expect(ran.output).toMatch(/^Removed:\n/);
    expect(await purgeRuns()).toBe(1);
  }, 120_000);
});
