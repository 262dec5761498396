import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type SmtpPeer, startSmtpPeer } from "../../test-support/modules/mail.js";
import { closedPort } from "../../test-support/ports.js";
import { createMailTransport } from "../modules/mail/mail-transport.js";
import { createLocalBlobStore } from "../modules/storage/local-blob-store.js";
import { createS3BlobStore } from "../modules/storage/s3-blob-store.js";
import { checkOutsideSystems, OutsideSystemsError } from "./outside-systems.js";

// What the portal needs at its first request is tried before it listens, against real peers: an
// S3-compatible server (s3rver) with and without the bucket, an SMTP server, and ports where
// nothing answers. Whatever fails is named in one line.

const tempDir = (prefix: string) => fs.mkdtempSync(path.join(os.tmpdir(), prefix));
const MAIL_FROM = "Portal <no-reply@scheme.example>";

describe("checking the outside systems at start", () => {
  let s3: S3rver;
  let s3Endpoint: string;
  let smtp: SmtpPeer;
  beforeAll(async () => {
    s3 = new S3rver({
      address: "127.0.0.1",
      port: 0,
      silent: true,
      directory: tempDir("startup-s3rver-"),
      configureBuckets: [{ name: "attachments" }],
    });
    const { port } = await s3.run();
    s3Endpoint = `http://127.0.0.1:${port}`;
    smtp = await startSmtpPeer();
  });
  afterAll(async () => {
    await s3.close();
    await smtp.close();
  });

  const s3Store = (bucket: string, endpoint = s3Endpoint) =>
    createS3BlobStore({
      bucket,
      region: "us-east-1",
      endpoint,
      forcePathStyle: true,
      accessKeyId: "S3RVER",
      secretAccessKey: "S3RVER",
      spoolDir: tempDir("startup-spool-"),
    });
  const s3Config = (bucket: string, endpoint = s3Endpoint) => ({
    BLOB_STORE: "s3" as const,
    S3_BUCKET: bucket,
    S3_ENDPOINT: endpoint,
    DATA_DIR: "/unused",
  });

  it("passes with the bucket there and the relay answering, and leaves nothing in the bucket", async () => {
    const transport = createMailTransport({ SMTP_URL: smtp.url, MAIL_FROM, DATA_DIR: "" });
    await expect(
      checkOutsideSystems(s3Config("attachments"), s3Store("attachments"), transport),
    ).resolves.toBe(undefined);
    transport.close();
  });

  it("names a missing bucket and a relay where nothing answers, in one line", async () => {
    const port = await closedPort();
    const transport = createMailTransport({ SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM, DATA_DIR: "" });
    const failure = await checkOutsideSystems(
      s3Config("no-such-bucket"),
      s3Store("no-such-bucket"),
      transport,
    ).catch((error: Error) => error);
    transport.close();
    expect(failure).toBeInstanceOf(OutsideSystemsError);
    expect((failure as Error).message).toBe(
      `Cannot start: the S3 bucket no-such-bucket at ${s3Endpoint} cannot be written: failed (NoSuchBucket); the mail transport (SMTP relay 127.0.0.1:${port}) does not work: failed (ESOCKET: no connection could be made).`,
    );
  });

  it("names an S3 endpoint where nothing answers", async () => {
    const endpoint = `http://127.0.0.1:${await closedPort()}`;
    const directory = tempDir("startup-outbox-");
    const transport = createMailTransport({ MAIL_FROM, DATA_DIR: directory });
    const failure = await checkOutsideSystems(
      s3Config("attachments", endpoint),
      s3Store("attachments", endpoint),
      transport,
      5_000,
    ).catch((error: Error) => error);
    expect((failure as Error).message).toMatch(
      new RegExp(
        `^Cannot start: the S3 bucket attachments at ${endpoint} cannot be written: failed \\((ECONNREFUSED|no answer within 5 s)\\)\\.$`,
      ),
    );
  });

  it("names a blob directory or an outbox that cannot be written", async () => {
    const file = path.join(tempDir("startup-file-"), "a-file");
    fs.writeFileSync(file, "");
    const transport = createMailTransport({ MAIL_FROM, DATA_DIR: file });
    const failure = await checkOutsideSystems(
      { BLOB_STORE: "local", DATA_DIR: file },
      createLocalBlobStore(path.join(file, "blobs")),
      transport,
    ).catch((error: Error) => error);
    expect((failure as Error).message).toBe(
      `Cannot start: the blob directory in ${file} cannot be written: failed (ENOTDIR); the mail transport (.eml files in ${file}/outbox) does not work: failed (ENOTDIR).`,
    );
  });
});
