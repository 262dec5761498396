import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createMailTransport } from "../modules/mail/mail-transport.js";
import { blobStoreFor } from "../modules/storage/configured-blob-store.js";
import { SpoolDirectory } from "../modules/storage/spool-directory.js";
import { openConfiguredDatabase } from "../startup/open-configured-database.js";
import { loadConfig } from "./env.js";
import { DEFAULT_MAIL_FROM } from "./mail-from.js";
import { secureDataDir } from "./owner-only-files.js";
import { resolveSessionSecret } from "./session-secret.js";

// DATA_DIR is the portal user's alone: started with the common umask 022, everything the server
// creates there is still 0700 (directories) or 0600 (files), and a tree left open is tightened.

const mode = (entry: string) => fs.lstatSync(entry).mode & 0o777;

/** Every entry under root (root included) that is not owner-only, with its mode. */
function openToOthers(root: string): string[] {
  const entries = ["", ...fs.readdirSync(root, { recursive: true }).map(String)];
  return entries
    .map((entry) => path.join(root, entry))
    .filter((entry) => {
      const stats = fs.lstatSync(entry);
      if (stats.isSymbolicLink()) return false;
      return (stats.mode & 0o777) !== (stats.isDirectory() ? 0o700 : 0o600);
    })
    .map((entry) => `${path.relative(root, entry) || "."} ${mode(entry).toString(8)}`);
}

describe("owner-only DATA_DIR", () => {
  let tempDir: string;
  let previousUmask: number;
  beforeEach(() => {
    tempDir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-owner-only-"));
    // As the portal is commonly started: files 0644, directories 0755 unless asked otherwise.
    previousUmask = process.umask(0o022);
  });
  afterEach(() => {
    process.umask(previousUmask);
    fs.rmSync(tempDir, { recursive: true, force: true });
  });

  it("creates 0700 directories and 0600 files for the database, attachments, uploads, mails and the session secret, with umask 022", async () => {
    const dataDir = path.join(tempDir, "data");
    const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", DATA_DIR: dataDir });
    const database = await openConfiguredDatabase(config);
    try {
      resolveSessionSecret(config);
      const blobStore = blobStoreFor(config);
      const upload = () => Readable.from([Buffer.from("%PDF-1.4 a member's statement")]);
      await blobStore.commit(await blobStore.writePending("attachments/2026/11/stored", upload()));
      await blobStore.writePending("attachments/2026/11/in-progress", upload());
      // With BLOB_STORE=s3 an upload waits in DATA_DIR/upload-spool while it is checked.
      await new SpoolDirectory(path.join(dataDir, "upload-spool")).write("attachments/2026/11/s3", upload());
      const transport = createMailTransport({
        SMTP_URL: undefined,
        MAIL_FROM: DEFAULT_MAIL_FROM,
        DATA_DIR: dataDir,
      });
      await transport.send({
        messageId: "outbox-owner-only",
        to: ["member@example.com"],
        cc: [],
        subject: "Your query",
        html: "<p>Received</p>",
        text: "Received",
        createdAt: new Date(),
      });
      transport.close();

      for (const entry of [
        "portal.lock",
        "session-secret",
        "blobs/attachments/2026/11/stored",
        "blobs/.pending/attachments~2026~11~in-progress",
        "upload-spool/attachments~2026~11~s3",
        "outbox/outbox-owner-only.eml",
        "pglite/PG_VERSION",
        "pglite/base",
      ]) {
        expect(fs.existsSync(path.join(dataDir, entry)), entry).toBe(true);
      }
      expect(fs.readdirSync(path.join(dataDir, "pglite"), { recursive: true }).length).toBeGreaterThan(500);
      expect(openToOthers(dataDir)).toEqual([]);
    } finally {
      await database.close();
    }
  });

  it("tightens a DATA_DIR left open (0755 directories, 0644 and 0666 files) at start, says so in one line, and creates owner-only from then on", async () => {
    const dataDir = path.join(tempDir, "data");
    fs.mkdirSync(path.join(dataDir, "blobs/attachments/2026/11"), { recursive: true, mode: 0o755 });
    fs.mkdirSync(path.join(dataDir, "pglite/base"), { recursive: true, mode: 0o755 });
    fs.mkdirSync(path.join(dataDir, "outbox"), { mode: 0o700 });
    fs.writeFileSync(path.join(dataDir, "blobs/attachments/2026/11/stored"), "%PDF", { mode: 0o644 });
    fs.writeFileSync(path.join(dataDir, "pglite/base/1259"), "rows", { mode: 0o666 });
    fs.chmodSync(path.join(dataDir, "pglite/base/1259"), 0o666);
    fs.writeFileSync(path.join(dataDir, "session-secret"), "secret", { mode: 0o600 });
    // A link is neither changed nor followed: what it points to is not the portal's.
    const elsewhere = path.join(tempDir, "elsewhere.txt");
    fs.writeFileSync(elsewhere, "not the portal's", { mode: 0o644 });
    fs.symlinkSync(elsewhere, path.join(dataDir, "link"));
    const wide = openToOthers(dataDir);
    // data, blobs, attachments, 2026, 11, stored, pglite, base, 1259
    expect(wide).toHaveLength(9);

    const lines: string[] = [];
    expect(await secureDataDir(dataDir, (line) => lines.push(line))).toEqual({ tightened: 9, refused: 0 });
    expect(lines).toEqual([
      `DATA_DIR ${dataDir}: 9 entries were open to other users and are now owner-only (0700 directories, 0600 files).`,
    ]);
    expect(openToOthers(dataDir)).toEqual([]);
    expect(mode(elsewhere)).toBe(0o644);
    expect(fs.readFileSync(path.join(dataDir, "blobs/attachments/2026/11/stored"), "utf8")).toBe("%PDF");

    // From now on this process creates owner-only, even where no mode is given.
    fs.mkdirSync(path.join(dataDir, "later"));
    fs.writeFileSync(path.join(dataDir, "later/file"), "x");
    expect(openToOthers(dataDir)).toEqual([]);

    // Nothing left to tighten: nothing said.
    expect(await secureDataDir(dataDir, (line) => lines.push(line))).toEqual({ tightened: 0, refused: 0 });
    expect(lines).toHaveLength(1);
  });

  it("leaves a DATA_DIR that does not exist yet, or cannot be a directory, to the data-dir lock's message", async () => {
    const lines: string[] = [];
    expect(await secureDataDir(path.join(tempDir, "not-yet"), (line) => lines.push(line))).toEqual({
      tightened: 0,
      refused: 0,
    });
    fs.writeFileSync(path.join(tempDir, "a-file"), "", { mode: 0o600 });
    expect(await secureDataDir(path.join(tempDir, "a-file", "data"), (line) => lines.push(line))).toEqual({
      tightened: 0,
      refused: 0,
    });
    expect(lines).toEqual([]);
  });
});
