import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import S3rver from "s3rver";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createS3BlobStore } from "./s3-blob-store.js";

// The busy hour saw a submission answer 503 when its upload went out on a kept-alive connection
// the S3 server had just closed. Here a TCP relay in front of s3rver (a real S3 peer) cuts the
// first PUT after its first bytes, as a closed socket does; the commit must land on a new try.

let server: S3rver;
let relay: net.Server;
let putsToCut = 0;
let putsCut = 0;
const relayed = new Set<net.Socket>();
const directory = fs.mkdtempSync(path.join(os.tmpdir(), "s3-cut-"));
const spoolDir = fs.mkdtempSync(path.join(os.tmpdir(), "s3-cut-spool-"));

beforeAll(async () => {
  server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: "attachments" }],
  });
  const { port } = await server.run();
  relay = net.createServer((client) => {
    const upstream = net.connect(port, "127.0.0.1");
    for (const socket of [client, upstream]) {
      relayed.add(socket);
      socket.once("close", () => relayed.delete(socket));
    }
    client.once("data", (first) => {
      if (first.toString("latin1").startsWith("PUT ") && putsToCut > 0) {
        putsToCut--;
        putsCut++;
        client.resetAndDestroy();
        upstream.destroy();
        return;
      }
      upstream.write(first);
      client.pipe(upstream).pipe(client);
    });
    client.on("error", () => upstream.destroy());
    upstream.on("error", () => client.destroy());
  });
  await new Promise<void>((resolve) => relay.listen(0, "127.0.0.1", resolve));
});

afterAll(async () => {
  // The SDK keeps its connections alive: end them, or both servers wait on them to close.
  for (const socket of relayed) socket.destroy();
  await new Promise((resolve) => relay.close(resolve));
  await server.close();
  fs.rmSync(directory, { recursive: true, force: true });
  fs.rmSync(spoolDir, { recursive: true, force: true });
});

function store() {
  const { port } = relay.address() as net.AddressInfo;
  return createS3BlobStore({
    bucket: "attachments",
    region: "us-east-1",
    endpoint: `http://127.0.0.1:${port}`,
    forcePathStyle: true,
    accessKeyId: "S3RVER",
    secretAccessKey: "S3RVER",
    spoolDir,
  });
}

it("sends a PUT again, from the start of its file, when the connection is cut under it", async () => {
  const blobs = store();
  const key = "attachments/2026/12/cut-once";
  const body = Buffer.alloc(300 * 1024, 65);
  const pending = await blobs.writePending(key, Readable.from([body]));
  putsToCut = 1;
  putsCut = 0;
  await blobs.commit(pending);
  expect(putsCut).toBe(1);
  expect(await text(await blobs.read(key))).toBe(body.toString("latin1"));
  expect(fs.readdirSync(spoolDir)).toEqual([]);
});

it("gives up after three cut tries and keeps the spooled file for the caller to discard", async () => {
  const blobs = store();
  const key = "attachments/2026/12/cut-always";
  const pending = await blobs.writePending(key, Readable.from([Buffer.from("x".repeat(1000))]));
  putsToCut = 3;
  putsCut = 0;
  await expect(blobs.commit(pending)).rejects.toThrow();
  expect(putsCut).toBe(3);
  expect(fs.readdirSync(spoolDir)).toHaveLength(1);
  await blobs.discard(pending);
});
