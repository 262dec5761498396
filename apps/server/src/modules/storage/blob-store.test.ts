import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BlobNotFoundError, type BlobStore } from "./blob-store.js";
import { createLocalBlobStore } from "./local-blob-store.js";
import { createS3BlobStore } from "./s3-blob-store.js";

// One contract, two implementations: the local directory and an S3-compatible server (s3rver on
// loopback, a real HTTP peer for the AWS SDK).

interface StoreUnderTest {
  store: BlobStore;
  spoolDir: string;
  close(): Promise<void>;
}

const tempDir = (prefix: string) => fs.mkdtempSync(path.join(os.tmpdir(), prefix));

async function openLocal(): Promise<StoreUnderTest> {
  const root = tempDir("blob-local-");
  return {
    store: createLocalBlobStore(root),
    spoolDir: path.join(root, ".pending"),
    close: async () => fs.rmSync(root, { recursive: true, force: true }),
  };
}

async function openS3(): Promise<StoreUnderTest> {
  const directory = tempDir("blob-s3rver-");
  const spoolDir = tempDir("blob-spool-");
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: "attachments" }],
  });
  const { port } = await server.run();
  return {
    store: createS3BlobStore({
      bucket: "attachments",
      region: "us-east-1",
      endpoint: `http://127.0.0.1:${port}`,
      forcePathStyle: true,
      accessKeyId: "S3RVER",
      secretAccessKey: "S3RVER",
      spoolDir,
    }),
    spoolDir,
    close: async () => {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
      fs.rmSync(spoolDir, { recursive: true, force: true });
    },
  };
}

function failingAfter(bytes: Buffer): Readable {
  return new Readable({
    read() {
      this.push(bytes);
      this.destroy(new Error("client went away"));
    },
  });
}

describe.each([
  ["local directory", openLocal],
  ["S3-compatible (s3rver)", openS3],
])("blob store: %s", (_name, open) => {
  let subject: StoreUnderTest;
  beforeAll(async () => {
    subject = await open();
  });
  afterAll(async () => subject.close());

  it("keeps a pending blob invisible until it is committed, then reads it back whole", async () => {
    const key = "attachments/2026/11/commit-visible";
    const pending = await subject.store.writePending(
      key,
      Readable.from([Buffer.from("hello "), Buffer.from("world")]),
    );
    expect(pending).toEqual({ key, size: 11 });
    await expect(subject.store.read(key)).rejects.toBeInstanceOf(BlobNotFoundError);

    await subject.store.commit(pending);
    await subject.store.commit(pending); // a retried commit is harmless
    expect(await text(await subject.store.read(key))).toBe("hello world");
  });

  it("streams a 10 MB blob through", async () => {
    const key = "attachments/2026/11/large";
    const chunk = Buffer.alloc(1024 * 1024, 7);
    const pending = await subject.store.writePending(
      key,
      Readable.from(Array.from({ length: 10 }, () => chunk)),
    );
    expect(pending.size).toBe(10 * 1024 * 1024);
    await subject.store.commit(pending);
    let total = 0;
    for await (const part of await subject.store.read(key)) total += (part as Buffer).length;
    expect(total).toBe(10 * 1024 * 1024);
  });

  it("deletes the partial data when the source fails, and rethrows", async () => {
    const key = "attachments/2026/11/broken";
    await expect(subject.store.writePending(key, failingAfter(Buffer.alloc(1000)))).rejects.toThrow(
      "client went away",
    );
    expect(fs.readdirSync(subject.spoolDir)).toEqual([]);
  });

  it("discards a pending blob so it never becomes readable", async () => {
    const key = "attachments/2026/11/discarded";
    const pending = await subject.store.writePending(key, Readable.from([Buffer.from("x")]));
    await subject.store.discard(pending);
    await subject.store.discard(pending); // missing is fine
    expect(fs.readdirSync(subject.spoolDir)).toEqual([]);
    await expect(subject.store.read(key)).rejects.toBeInstanceOf(BlobNotFoundError);
  });

  it("deletes committed blobs, quietly when already gone", async () => {
    const key = "attachments/2026/11/deleted";
    await subject.store.commit(await subject.store.writePending(key, Readable.from([Buffer.from("x")])));
    await subject.store.delete(key);
    await subject.store.delete(key);
    await expect(subject.store.read(key)).rejects.toBeInstanceOf(BlobNotFoundError);
  });

  it("sweeps pending blobs a crash left behind, and only old ones", async () => {
    await subject.store.writePending("attachments/2026/11/left-behind", Readable.from([Buffer.from("x")]));
    expect(await subject.store.sweepPending(60_000)).toBe(0);
    expect(await subject.store.sweepPending(0)).toBe(1);
    expect(fs.readdirSync(subject.spoolDir)).toEqual([]);
  });

  it("refuses keys that could leave the store", async () => {
    for (const key of ["../outside", "attachments/../../etc/passwd", "/absolute", "a//b", ""]) {
      await expect(subject.store.read(key)).rejects.toThrow(/Refused blob key/);
    }
  });
});
