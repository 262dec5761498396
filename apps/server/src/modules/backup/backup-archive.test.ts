import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PassThrough, Readable } from "node:stream";
import zlib, { gzipSync } from "node:zlib";
import { extract, pack } from "tar-stream";
import { afterEach, describe, expect, it } from "vitest";
import { BackupArchiveError, restoreBackupArchive, writeBackupArchive } from "./backup-archive.js";

// The archive of an embedded DATA_DIR, written and read back without a database: the PGlite dump
// stands in as bytes.

const dirs: string[] = [];
const freshDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-backup-"));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function writeFile(file: string, contents: string | Buffer) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, contents);
}

async function archiveBytes(write: (output: PassThrough) => Promise<unknown>): Promise<Buffer> {
  const output = new PassThrough();
  const chunks: Buffer[] = [];
  output.on("data", (chunk: Buffer) => chunks.push(chunk));
  await write(output);
  return Buffer.concat(chunks);
}

const LONG_KEY = `attachments/2026/11/${"a".repeat(90)}/${"b".repeat(60)}`;

function dataDirWithBlobs() {
  const dataDir = freshDir();
  const blobDir = path.join(dataDir, "blobs");
  writeFile(path.join(blobDir, "attachments/2026/11/0f6b5c1e-first"), "first attachment");
  writeFile(path.join(blobDir, ...LONG_KEY.split("/")), Buffer.alloc(70_000, 7));
  writeFile(path.join(blobDir, ".pending/attachments~2026~11~upload"), "half an upload");
  writeFile(path.join(dataDir, "session-secret"), "the-session-secret");
  return { dataDir, blobDir };
}

const restoreInto = async (archive: Buffer, target: string) => {
  const loaded: { directory: string; dump: Buffer }[] = [];
  const summary = await restoreBackupArchive(Readable.from([archive]), target, async (directory, dump) => {
    loaded.push({ directory, dump: Buffer.from(await dump.arrayBuffer()) });
  });
  return { summary, loaded };
};

/** A tar (not compressed) of the entries, as tar-stream writes one. */
async function plainTar(entries: { path: string; text: string }[]): Promise<Buffer> {
  const tar = pack();
  for (const entry of entries) tar.entry({ name: entry.path }, entry.text);
  tar.finalize();
  const chunks: Buffer[] = [];
  for await (const chunk of tar) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * An archive as the portal's own tar writer (before tar-stream) wrote it, 2026-11-24: ustar
 * headers, a pax header for the long blob key. Backups made then must still restore.
 */
const EARLIER_ARCHIVE = Buffer.from(
  "H4sIAAAAAAACA+2YS0/cMBCAc+ZXWD6vN2PnhSL1wI0jEpy4TZJZErp5yJ6FRVX/O9qoUnmoWqkQQ4u/iyUnsg/jbzzjabSMW1Vh/X03rW/dOETvDgBADjCP8HoEAybSWQLapGae1zrVEAmIPLBzjDYCL3t9Qn7IzWh7ZFnKnvqKrJqengi5kndkXTcOstQrWVtCpubs8LsBkyutlUmv4LQEKAHWAHAtVxKZsW57GtjJUqKt2+6O5Eo6coelLqm2xLJku6OfJ1HgA5luth2TapBRNZ1dH2Tw7T9kr/1PkuC/D1A0u34S97ZjpkFUD4JbEi0OjeqxIcFo549kgyv/I79SsnJzTl5mj6P+m/yF/5CnefDfB9ySGreN8nEOAp+PajtWLn5SsMWHui7WOoZNXmW1JrXprONl/YcX/qdpHup/L8zBFb/jH4z4Wlzg/pywWbS8O9r/F8lz/6HIsywS++D/4ujTQkzI7bc/XwS4GHH1BsLDwbv0fx4idcR/bYr0uf8JFGno/72wDwT+UUL2DgQCgb/nEdh1tJMAHgAA",
  "base64",
);

describe("the backup archive", () => {
  it("holds the dump, every committed blob and the session secret, and restores them byte for byte", async () => {
    const { dataDir, blobDir } = dataDirWithBlobs();
    const dump = Buffer.from("pretend PGlite data directory tar");
    const archive = await archiveBytes((output) =>
      writeBackupArchive(
        {
          dumpDatabase: async () => new Blob([dump]),
          blobDir,
          sessionSecretFile: path.join(dataDir, "session-secret"),
          now: new Date("2026-11-24T08:00:00Z"),
        },
        output,
      ),
    );

    const target = freshDir();
    const { summary, loaded } = await restoreInto(archive, target);
    expect(summary).toEqual({
      createdAt: "2026-11-24T08:00:00.000Z",
      databaseBytes: dump.length,
      blobs: 2,
      blobBytes: 16 + 70_000,
      sessionSecret: true,
      attachments: "archive",
    });
    expect(loaded).toEqual([{ directory: path.join(target, "pglite"), dump }]);
    for (const key of ["attachments/2026/11/0f6b5c1e-first", LONG_KEY]) {
      const restored = path.join(target, "blobs", ...key.split("/"));
      expect(fs.readFileSync(restored)).toEqual(fs.readFileSync(path.join(blobDir, ...key.split("/"))));
      expect(fs.statSync(restored).mode & 0o777).toBe(0o600);
    }
    expect(fs.existsSync(path.join(target, "blobs", ".pending"))).toBe(false);
    expect(fs.readFileSync(path.join(target, "session-secret"), "utf8")).toBe("the-session-secret");
  });

  it("copies the blobs after the database is dumped, so every row's file is in it", async () => {
    const { dataDir, blobDir } = dataDirWithBlobs();
    const committedDuringDump = path.join(blobDir, "attachments/2026/11/committed-during-dump");
    const archive = await archiveBytes((output) =>
      writeBackupArchive(
        {
          // A submission commits its blob, then its row, while the dump is taken.
          dumpDatabase: async () => {
            writeFile(committedDuringDump, "its row may be in the dump");
            return new Blob([Buffer.from("dump")]);
          },
          blobDir,
          sessionSecretFile: path.join(dataDir, "no-secret-here"),
          now: new Date(),
        },
        output,
      ),
    );
    const target = freshDir();
    const { summary } = await restoreInto(archive, target);
    expect(summary.sessionSecret).toBe(false);
    expect(
      fs.readFileSync(path.join(target, "blobs/attachments/2026/11/committed-during-dump"), "utf8"),
    ).toBe("its row may be in the dump");
  });

  it("is a gzip-compressed tar that tar itself lists", async () => {
    const { dataDir, blobDir } = dataDirWithBlobs();
    const archive = await archiveBytes((output) =>
      writeBackupArchive(
        {
          dumpDatabase: async () => new Blob([Buffer.from("dump")]),
          blobDir,
          sessionSecretFile: path.join(dataDir, "session-secret"),
          now: new Date(),
        },
        output,
      ),
    );
    const file = path.join(freshDir(), "backup.tar.gz");
    fs.writeFileSync(file, archive);
    const listed = spawnSync("tar", ["-tzf", file], { encoding: "utf8" });
    if (listed.error) return; // no tar on this machine
    expect(listed.stdout.trim().split("\n")).toEqual([
      "portal-backup.json",
      "pglite-data-dir.tar",
      "session-secret",
      "blobs/attachments/2026/11/0f6b5c1e-first",
      `blobs/${LONG_KEY}`,
    ]);
  });

  it("keeps each file 0600, the blobs with their own mtimes, the rest with the backup's", async () => {
    const { dataDir, blobDir } = dataDirWithBlobs();
    const blobTime = new Date("2026-10-01T12:00:00Z");
    fs.utimesSync(path.join(blobDir, ...LONG_KEY.split("/")), blobTime, blobTime);
    const now = new Date("2026-11-24T08:00:00Z");
    const archive = await archiveBytes((output) =>
      writeBackupArchive(
        {
          dumpDatabase: async () => new Blob([Buffer.from("dump")]),
          blobDir,
          sessionSecretFile: path.join(dataDir, "session-secret"),
          now,
        },
        output,
      ),
    );
    const headers: { name: string; mode: number; mtime: string }[] = [];
    const reading = extract();
    const listed = (async () => {
      for await (const entry of reading) {
        const { name, mode, mtime } = entry.header;
        headers.push({ name, mode, mtime: mtime.toISOString() });
        entry.resume();
      }
    })();
    reading.end(zlib.gunzipSync(archive));
    await listed;
    const blobMtime = fs.statSync(path.join(blobDir, "attachments/2026/11/0f6b5c1e-first")).mtime;
    blobMtime.setMilliseconds(0);
    expect(headers).toEqual([
      { name: "portal-backup.json", mode: 0o600, mtime: now.toISOString() },
      { name: "pglite-data-dir.tar", mode: 0o600, mtime: now.toISOString() },
      { name: "session-secret", mode: 0o600, mtime: now.toISOString() },
      { name: "blobs/attachments/2026/11/0f6b5c1e-first", mode: 0o600, mtime: blobMtime.toISOString() },
      { name: `blobs/${LONG_KEY}`, mode: 0o600, mtime: blobTime.toISOString() },
    ]);
  });

  it("refuses a truncated archive, another tar, and a path that would leave DATA_DIR", async () => {
    const { dataDir, blobDir } = dataDirWithBlobs();
    const archive = await archiveBytes((output) =>
      writeBackupArchive(
        {
          dumpDatabase: async () => new Blob([Buffer.alloc(200_000, 1)]),
          blobDir,
          sessionSecretFile: path.join(dataDir, "session-secret"),
          now: new Date(),
        },
        output,
      ),
    );
    for (const cut of [archive.length - 5, Math.floor(archive.length / 2)]) {
      await expect(restoreInto(archive.subarray(0, cut), freshDir())).rejects.toThrow(BackupArchiveError);
    }

    const tarOf = async (entries: { path: string; text: string }[]) => gzipSync(await plainTar(entries));
    await expect(restoreInto(await tarOf([{ path: "etc/passwd", text: "x" }]), freshDir())).rejects.toThrow(
      "This is not a member portal backup.",
    );
    const manifest = {
      path: "portal-backup.json",
      text: JSON.stringify({ format: "member-portal-backup", version: 1 }),
    };
    const escaping = await tarOf([
      manifest,
      { path: "pglite-data-dir.tar", text: "dump" },
      { path: "blobs/../../outside", text: "x" },
    ]);
    const target = freshDir();
    await expect(restoreInto(escaping, target)).rejects.toThrow("refused");
    expect(fs.existsSync(path.join(target, "..", "outside"))).toBe(false);
    const newer = await tarOf([
      { ...manifest, text: JSON.stringify({ format: "member-portal-backup", version: 99 }) },
    ]);
    await expect(restoreInto(newer, freshDir())).rejects.toThrow(/format version 99/);
  });

  it("restores an archive written by the portal's earlier tar writer", async () => {
    const target = freshDir();
    const { summary, loaded } = await restoreInto(EARLIER_ARCHIVE, target);
    expect(summary).toEqual({
      createdAt: "2026-11-24T08:00:00.000Z",
      databaseBytes: 42,
      blobs: 2,
      blobBytes: 16 + 700,
      sessionSecret: true,
      attachments: "archive",
    });
    expect(loaded[0]?.dump.toString()).toBe("a dump written by the hand-made tar writer");
    expect(fs.readFileSync(path.join(target, "session-secret"), "utf8")).toBe("the-old-session-secret");
    expect(fs.readFileSync(path.join(target, "blobs", ...LONG_KEY.split("/")), "utf8")).toBe("x".repeat(700));
  });

  it("refuses a tar that stops after a whole entry, without the blocks that end it", async () => {
    const whole = await plainTar([
      { path: "portal-backup.json", text: JSON.stringify({ format: "member-portal-backup", version: 1 }) },
      { path: "pglite-data-dir.tar", text: "dump" },
    ]);
    const target = freshDir();
    await expect(restoreInto(gzipSync(whole.subarray(0, whole.length - 1024)), target)).rejects.toThrow(
      "The archive is truncated: it has no end.",
    );
    await expect(restoreInto(gzipSync(whole), freshDir())).resolves.toBeTruthy();
  });
});
