import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PassThrough } from "node:stream";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { TEST_SECRET } from "../../../test-support/modules/mail.js";
import { defaultQueryFields, SI } from "../../../test-support/modules/smart-inquiry.js";
import { TEST_PASSWORD_HASH_COST, TestBrowser } from "../../../test-support/test-app.js";
import { pdfOfSize } from "../../../test-support/upload-fixtures.js";
import { buildApp } from "../../app.js";
import { BACKUP_COMMANDS } from "../../cli/backup-commands.js";
import type { CommandIo } from "../../cli/command-io.js";
import { type Config, loadConfig } from "../../config/env.js";
import { resolveSessionSecret } from "../../config/session-secret.js";
import { members } from "../../db/schema.js";
import { openConfiguredDatabase } from "../../startup/open-configured-database.js";
import { createMember } from "../members/create-member.js";
import { blobStoreFor } from "../storage/configured-blob-store.js";
import { ADMIN_SOCKET } from "./admin-socket.js";

// `cli backup` against a portal that runs on an embedded DATA_DIR, submissions still arriving: the
// portal takes the backup itself (asked on DATA_DIR/admin.sock), `cli restore` unpacks it into an
// empty DATA_DIR, and a portal on the restored directory serves each attachment byte for byte.

const dirs: string[] = [];
const freshDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-bk-"));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const envFor = (dataDir: string): NodeJS.ProcessEnv => ({
  NODE_ENV: "test",
  LOG_LEVEL: "silent",
  DATA_DIR: dataDir,
  PASSWORD_HASH_COST: String(TEST_PASSWORD_HASH_COST),
  LOGIN_SLOWDOWN_MS: "5",
  SEED_DEMO_DATA: "false",
  MEMBER_QUERIES_PER_HOUR: "10000",
  MAX_UPLOADS_IN_FLIGHT_PER_MEMBER: "10",
});

async function startPortal(config: Config) {
  const database = await openConfiguredDatabase(config);
  const app = await buildApp({
    config,
    db: database.db,
    blobStore: blobStoreFor(config),
    // As server.ts: generated into DATA_DIR the first time, read from it after.
    secret: resolveSessionSecret(config),
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

/** Runs a CLI command in this process; its output, or the error it stopped with. */
async function cli(env: NodeJS.ProcessEnv, command: string, ...args: string[]) {
  let stdout = "";
  const out = new PassThrough();
  out.on("data", (chunk) => (stdout += String(chunk)));
  const io: CommandIo = { stdin: new PassThrough(), stdout: out, stderr: new PassThrough(), env };
  const run = BACKUP_COMMANDS[command];
  if (!run) throw new Error(`no command ${command}`);
  await run(args, io);
  return stdout;
}

const member = { username: "backup.member", password: "Harbour-Lights-Over-9" };

async function submit(browser: TestBrowser, text: string, size: number) {
  const file = pdfOfSize(size, `statement-${size}.pdf`);
  const response = await browser.postMultipart(
    `${SI}/member-queries/query-additional-info`,
    {
      ...defaultQueryFields,
      query: text,
    },
    [file],
  );
  expect(response.statusCode).toBe(200);
  return file.bytes;
}

/** Every open query of the member on this portal, each attachment downloaded, by query text. */
async function downloads(browser: TestBrowser) {
  const list = await browser.request({
    method: "GET",
    url: `${SI}/member-queries?daysAgo=1&status=OPEN&origin=MEMBER_WEB`,
  });
  const found = new Map<string, Buffer[]>();
  for (const query of list.json().queries as { referenceNumber: number; queryDetail: string }[]) {
    const view = await browser.request({
      method: "GET",
      url: `${SI}/member-queries/${query.referenceNumber}?origin=MEMBER_WEB`,
    });
    const files: Buffer[] = [];
    for (const attachment of view.json().query.attachments as { attachmentId: string }[]) {
      const download = await browser.request({
        method: "GET",
        url: `${SI}/member-queries/${query.referenceNumber}/attachments/${attachment.attachmentId}?origin=MEMBER_WEB`,
      });
      expect(download.statusCode).toBe(200);
      files.push(download.rawPayload);
    }
    found.set(query.queryDetail, files);
  }
  return found;
}

// Two portals, each opening PGlite from files: tens of seconds on a busy machine.
describe("backup and restore of an embedded DATA_DIR", { timeout: 120_000 }, () => {
  it("backs up a running portal consistently, and the restored portal serves every attachment byte for byte", async () => {
    const dataDir = freshDir();
    const portal = await startPortal(loadConfig(envFor(dataDir)));
    const restoredDir = path.join(freshDir(), "restored");
    let restored: Awaited<ReturnType<typeof startPortal>> | undefined;
    try {
      expect(fs.statSync(path.join(dataDir, ADMIN_SOCKET)).mode & 0o777).toBe(0o600);
      await createMember(
        portal.database.db,
        { ...member, firstName: "Backup", lastName: "Member", emails: ["backup.member@example.com"] },
        TEST_PASSWORD_HASH_COST,
      );
      const browser = new TestBrowser(portal.app);
      expect((await browser.logIn(member.username, member.password)).statusCode).toBe(200);
      const uploaded = new Map<string, Buffer>();
      uploaded.set("before the backup", await submit(browser, "before the backup", 4_321));

      // Submissions keep arriving while the portal writes the archive.
      const archive = path.join(freshDir(), "portal-backup.tar.gz");
      const during = Array.from({ length: 4 }, (_, index) =>
        submit(browser, `during the backup ${index}`, 5_000 + index).then((bytes) =>
          uploaded.set(`during the backup ${index}`, bytes),
        ),
      );
      // And a transaction is still open while the database is dumped: none of it is in the backup.
      let commit = () => {};
      let updated = () => {};
      const written = new Promise<void>((resolve) => {
        updated = resolve;
      });
      const openTransaction = portal.database.db.transaction(async (tx) => {
        await tx
          .update(members)
          .set({ lastName: "Uncommitted" })
          .where(eq(members.username, member.username));
        updated();
        await new Promise<void>((resolve) => {
          commit = resolve;
        });
      });
      await written;
      const backup = cli(envFor(dataDir), "backup", "--to", archive).finally(() => commit());
      const [said] = await Promise.all([backup, openTransaction, ...during]);
      expect(said).toContain("taken by the running portal");
      expect(fs.statSync(archive).mode & 0o777).toBe(0o600);
      // The portal went on: it still answers, and nothing else opened its database.
      uploaded.set("after the backup", await submit(browser, "after the backup", 6_000));

      const restoredSaid = await cli(envFor(restoredDir), "restore", "--from", archive);
      expect(restoredSaid).toContain(`into ${restoredDir}`);
      expect(fs.readFileSync(path.join(restoredDir, "session-secret"))).toEqual(
        fs.readFileSync(path.join(dataDir, "session-secret")),
      );
      await expect(cli(envFor(restoredDir), "restore", "--from", archive)).rejects.toThrow(/is not empty/);

      restored = await startPortal(loadConfig(envFor(restoredDir)));
      const [restoredMember] = await restored.database.db
        .select({ lastName: members.lastName })
        .from(members)
        .where(eq(members.username, member.username));
      expect(restoredMember?.lastName).toBe("Member");
      const restoredBrowser = new TestBrowser(restored.app);
      expect((await restoredBrowser.logIn(member.username, member.password)).statusCode).toBe(200);
      const served = await downloads(restoredBrowser);
      expect(served.get("before the backup")).toEqual([uploaded.get("before the backup")]);
      expect(served.has("after the backup")).toBe(false);
      // Each query the dump holds has its file; those submitted during it are there or not, whole.
      for (const [text, files] of served) expect(files).toEqual([uploaded.get(text)]);
    } finally {
      await restored?.close();
      await portal.close();
    }
    expect(fs.existsSync(path.join(dataDir, ADMIN_SOCKET))).toBe(false);

    // With no portal running, the command takes the directory's lock and dumps it itself.
    const stoppedArchive = path.join(freshDir(), "stopped.tar.gz");
    expect(await cli(envFor(dataDir), "backup", "--to", stoppedArchive)).toContain(
      "taken with no portal running",
    );
    await expect(cli(envFor(dataDir), "backup", "--to", stoppedArchive)).rejects.toThrow(/exists already/);
    const again = path.join(freshDir(), "again");
    expect(await cli(envFor(again), "restore", "--from", stoppedArchive)).toContain("6 attachment files");
  });

  it("refuses a server database, and leaves DATA_DIR empty after a damaged archive", async () => {
    await expect(
      cli(
        { ...envFor(freshDir()), DATABASE_URL: "postgres://db.invalid/portal", SESSION_SECRET: TEST_SECRET },
        "backup",
        "--to",
        "x.tar.gz",
      ),
    ).rejects.toThrow(/pg_dump/);
    const damaged = path.join(freshDir(), "damaged.tar.gz");
    fs.writeFileSync(damaged, Buffer.from([0x1f, 0x8b, 0x08, 0x00, 1, 2, 3]));
    const target = freshDir();
    await expect(cli(envFor(target), "restore", "--from", damaged)).rejects.toThrow(/Nothing was restored/);
    expect(fs.readdirSync(target)).toEqual([]);
  });
});
