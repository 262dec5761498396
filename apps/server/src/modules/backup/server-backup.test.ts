import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, inject, it } from "vitest";
import { databaseUrl, waitUntilUnused, withAdminClient } from "../../../test-support/database-templates.js";
import { TEST_SECRET } from "../../../test-support/modules/mail.js";
import { defaultQueryFields, SI } from "../../../test-support/modules/smart-inquiry.js";
import { TEST_PASSWORD_HASH_COST, TestBrowser } from "../../../test-support/test-app.js";
import { pdfOfSize } from "../../../test-support/upload-fixtures.js";
import { buildApp } from "../../app.js";
import { loadConfig } from "../../config/env.js";
import { openServerDatabase } from "../../db/database.js";
import { createMember } from "../members/create-member.js";
import { createLocalBlobStore } from "../storage/local-blob-store.js";

// The server mode's backup and restore, with the commands docs/operations.md ("Backup and
// restore") gives: pg_dump of the running portal's database, THEN a copy of DATA_DIR/blobs without
// .pending; pg_restore into a new database and the copy into a new DATA_DIR; the restored portal
// serves each attachment byte for byte.

const run = promisify(execFile);
const serverUrl = process.env.DATABASE_URL;
/** Debian's PostgreSQL 15 client programs, else whichever are on PATH. */
const pgBin = (program: string) => {
  const debian = `/usr/lib/postgresql/15/bin/${program}`;
  return fs.existsSync(debian) ? debian : program;
};

const dirs: string[] = [];
const databases: string[] = [];
afterAll(async () => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  if (!serverUrl) return;
  await withAdminClient(serverUrl, async (client) => {
    for (const name of databases.splice(0)) {
      await waitUntilUnused(client, name);
      await client.query(`drop database if exists ${name} with (force)`);
    }
  });
});

async function newDatabase(template?: string): Promise<string> {
  const name = `portal_backup_${randomBytes(5).toString("hex")}`;
  databases.push(name);
  await withAdminClient(serverUrl ?? "", (client) =>
    client.query(template ? `create database ${name} template ${template}` : `create database ${name}`),
  );
  return databaseUrl(serverUrl ?? "", name);
}

async function startPortal(url: string, dataDir: string) {
  const database = await openServerDatabase(url, { poolSize: 4 });
  const config = loadConfig({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    DATABASE_URL: url,
    SESSION_SECRET: TEST_SECRET,
    DATA_DIR: dataDir,
    PASSWORD_HASH_COST: String(TEST_PASSWORD_HASH_COST),
    LOGIN_SLOWDOWN_MS: "5",
    MEMBER_QUERIES_PER_HOUR: "10000",
    MAX_UPLOADS_IN_FLIGHT_PER_MEMBER: "10",
  });
  const app = await buildApp({
    config,
    db: database.db,
    blobStore: createLocalBlobStore(path.join(dataDir, "blobs")),
    secret: TEST_SECRET,
    now: () => new Date(),
  });
  return {
    database,
    app,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

const member = { username: "server.backup", password: "Harbour-Lights-Over-9" };

describe.skipIf(!serverUrl)("backup and restore with a PostgreSQL server", { timeout: 120_000 }, () => {
  it("pg_dump, then the blobs; pg_restore and the copy: the restored portal serves each attachment byte for byte", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-server-data-"));
    const backupDir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-server-backup-"));
    const restoredDataDir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-server-restored-"));
    dirs.push(dataDir, backupDir, restoredDataDir);
    const sourceUrl = await newDatabase(inject("postgresTemplateDatabase") || undefined);
    const portal = await startPortal(sourceUrl, dataDir);
    let restored: Awaited<ReturnType<typeof startPortal>> | undefined;
    try {
      await createMember(
        portal.database.db,
        { ...member, firstName: "Server", lastName: "Backup", emails: ["server.backup@example.com"] },
        TEST_PASSWORD_HASH_COST,
      );
      const browser = new TestBrowser(portal.app);
      expect((await browser.logIn(member.username, member.password)).statusCode).toBe(200);
      const uploaded = new Map<string, Buffer>();
      const submit = async (text: string, size: number) => {
        const file = pdfOfSize(size, `statement-${size}.pdf`);
        const response = await browser.postMultipart(
          `${SI}/member-queries/query-additional-info`,
          { ...defaultQueryFields, query: text },
          [file],
        );
        expect(response.statusCode).toBe(200);
        uploaded.set(text, file.bytes);
      };
      await submit("before the backup", 4_321);

      // 1. The database, while submissions still arrive (a snapshot: what had committed).
      const dump = path.join(backupDir, "portal.dump");
      await Promise.all([
        run(pgBin("pg_dump"), ["--format=custom", "--no-owner", `--file=${dump}`, sourceUrl]),
        ...Array.from({ length: 3 }, (_, index) => submit(`during the dump ${index}`, 5_000 + index)),
      ]);
      // 2. Then the attachments: every blob a row in the dump names was committed before it.
      fs.mkdirSync(path.join(dataDir, "blobs", ".pending"), { recursive: true });
      fs.writeFileSync(path.join(dataDir, "blobs", ".pending", "an-upload-in-progress"), "partial");
      await run("mkdir", ["-p", path.join(backupDir, "blobs")]);
      await run("find", [
        path.join(dataDir, "blobs"),
        "-mindepth",
        "1",
        "-maxdepth",
        "1",
        "!",
        "-name",
        ".pending",
        "-exec",
        "cp",
        "-a",
        "{}",
        path.join(backupDir, "blobs/"),
        ";",
      ]);
      expect(fs.existsSync(path.join(backupDir, "blobs", ".pending"))).toBe(false);
      await submit("after the backup", 6_000);

      // Restore: a new, empty database and a new DATA_DIR.
      const restoredUrl = await newDatabase();
      await run(pgBin("pg_restore"), ["--no-owner", "--exit-on-error", `--dbname=${restoredUrl}`, dump]);
      await run("cp", ["-a", path.join(backupDir, "blobs"), path.join(restoredDataDir, "blobs")]);

      restored = await startPortal(restoredUrl, restoredDataDir);
      const restoredBrowser = new TestBrowser(restored.app);
      expect((await restoredBrowser.logIn(member.username, member.password)).statusCode).toBe(200);
      const list = await restoredBrowser.request({
        method: "GET",
        url: `${SI}/member-queries?daysAgo=1&status=OPEN&origin=MEMBER_WEB`,
      });
      const queries = list.json().queries as { referenceNumber: number; queryDetail: string }[];
      const texts = queries.map((query) => query.queryDetail);
      expect(texts).toContain("before the backup");
      expect(texts).not.toContain("after the backup");
      for (const query of queries) {
        const view = await restoredBrowser.request({
          method: "GET",
          url: `${SI}/member-queries/${query.referenceNumber}?origin=MEMBER_WEB`,
        });
        const attachments = view.json().query.attachments as { attachmentId: string }[];
        expect(attachments).toHaveLength(1);
        const download = await restoredBrowser.request({
          method: "GET",
          url: `${SI}/member-queries/${query.referenceNumber}/attachments/${attachments[0]?.attachmentId}?origin=MEMBER_WEB`,
        });
        expect(download.statusCode).toBe(200);
        expect(download.rawPayload).toEqual(uploaded.get(query.queryDetail));
      }
      // The audit trail stays append-only in the restored database.
      await expect(restored.database.db.execute("truncate audit_events")).rejects.toMatchObject({
        cause: { message: "audit_events is append-only" },
      });
    } finally {
      await restored?.close();
      await portal.close();
    }
  });
});
