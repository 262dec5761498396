import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { DEFAULT_BRAND } from "@portal/domain";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { openTestDatabase, TEST_DATABASE_KINDS } from "../../../test-support/databases.js";
import { parseMessage, recordingLog, TEST_SECRET } from "../../../test-support/modules/mail.js";
import { loadConfig } from "../../config/env.js";
import { DEFAULT_MAIL_FROM, parseMailFrom } from "../../config/mail-from.js";
import type { Database } from "../../db/database.js";
import { outboxMails } from "../../db/schema.js";
import { queryLoggedMail, replySentMail } from "./mail-content.js";
import { createMailTransport, mailErrorCode, messageIdHeader } from "./mail-transport.js";
import { createMailWorker } from "./mail-worker.js";
import { enqueueMail } from "./outbox.js";

const MAIL_FROM = "Meridian Health <no-reply@meridian.example>";

const sample = async (messageId: string, referenceNumber: number) => ({
  ...(await replySentMail(DEFAULT_BRAND, {
    to: ["member@example.com"],
    cc: ["partner@example.com"],
    referenceNumber,
    memberEntityNumber: null,
    replyHtml: `<p>Reply number ${referenceNumber}, with a long line ${"é and more ".repeat(40)}</p>`,
  })),
  messageId,
  createdAt: new Date("2026-11-23T08:00:00Z"),
});

describe("the .eml transport (no SMTP_URL)", () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-mail-"));
  });
  afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it("writes each mail as one complete file under DATA_DIR/outbox, and nothing half-written", async () => {
    const transport = createMailTransport({ SMTP_URL: undefined, MAIL_FROM, DATA_DIR: dataDir });
    expect(transport.description).toBe(`.eml files in ${path.join(dataDir, "outbox")}`);
    await transport.send(await sample("outbox-first", 1));
    await transport.send(await sample("outbox-second", 2));
    transport.close();

    const directory = path.join(dataDir, "outbox");
    expect(fs.readdirSync(directory).sort()).toEqual(["outbox-first.eml", "outbox-second.eml"]);
    for (const [name, reference] of [
      ["outbox-first", 1],
      ["outbox-second", 2],
    ] as const) {
      const file = path.join(directory, `${name}.eml`);
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      const raw = fs.readFileSync(file, "utf8");
      const message = parseMessage(raw);
      expect(message.headers.get("from")).toBe("Meridian Health <no-reply@meridian.example>");
      expect(message.headers.get("to")).toBe("member@example.com");
      expect(message.headers.get("cc")).toBe("partner@example.com");
      expect(message.headers.get("message-id")).toBe(`<${name}@meridian.example>`);
      expect(message.headers.get("date")).toBe("Mon, 23 Nov 2026 08:00:00 +0000");
      expect(message.headers.get("subject")).toBe(`Our reply to your query (reference ${reference})`);
      expect(message.text).toContain(`Reply number ${reference}, with a long line é and more`);
      expect(message.html).toContain(`Reply number ${reference}`);
      // The closing boundary: the whole message is there.
      const boundary = /boundary="?([^";]+)"?/.exec(message.headers.get("content-type") ?? "")?.[1];
      expect(raw.trimEnd().endsWith(`--${boundary}--`)).toBe(true);
    }
  });

  it("leaves no file when it cannot write, and reports the error by its code", async () => {
    // DATA_DIR is a file: the outbox directory cannot be made.
    const blocked = path.join(dataDir, "not-a-directory");
    fs.writeFileSync(blocked, "");
    const transport = createMailTransport({ SMTP_URL: undefined, MAIL_FROM, DATA_DIR: blocked });
    const error = await transport.send(await sample("outbox-blocked", 3)).catch((caught: unknown) => caught);
    expect(mailErrorCode(error)).toMatch(/^E[A-Z]+$/);
    expect(fs.readdirSync(dataDir)).toEqual(["not-a-directory"]);
  });
});

describe.each(TEST_DATABASE_KINDS)("the worker writing .eml files, on %s", (kind) => {
  let database: Database;
  let dataDir: string;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-mail-"));
  });
  afterAll(async () => {
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("writes a queued mail once and marks it sent", async () => {
    const id = await enqueueMail(
      database.db,
      queryLoggedMail(DEFAULT_BRAND, {
        to: ["member@example.com"],
        cc: [],
        referenceNumber: 42,
        memberEntityNumber: null,
        dueLatest: null,
      }),
      new Date(),
    );
    const transport = createMailTransport({
      SMTP_URL: undefined,
      MAIL_FROM: DEFAULT_MAIL_FROM,
      DATA_DIR: dataDir,
    });
    const worker = createMailWorker({
      db: database.db,
      transport,
      log: recordingLog(),
      maxAttempts: 8,
      secret: TEST_SECRET,
    });
    expect((await worker.runOnce()).map((result) => result.outcome)).toEqual(["sent"]);
    expect(await worker.runOnce()).toEqual([]);
    const [row] = await database.db.select().from(outboxMails).where(eq(outboxMails.id, id));
    expect(row?.status).toBe("SENT");
    const files = fs.readdirSync(path.join(dataDir, "outbox"));
    expect(files).toEqual([`${row?.messageId}.eml`]);
    const message = parseMessage(fs.readFileSync(path.join(dataDir, "outbox", files[0] ?? ""), "utf8"));
    expect(message.headers.get("from")).toBe("Meridian Health <no-reply@localhost>");
    expect(message.headers.get("message-id")).toBe(`<${row?.messageId}@localhost>`);
    expect(message.text).toContain("reference number 42");
  });
});

describe("mail settings", () => {
  it("reads a sender with or without a name, and refuses what is not one", () => {
    expect(parseMailFrom(DEFAULT_MAIL_FROM)).toEqual({
      name: "Meridian Health",
      address: "no-reply@localhost",
      domain: "localhost",
    });
    expect(parseMailFrom("portal@Meridian.Example")).toEqual({
      name: "",
      address: "portal@Meridian.Example",
      domain: "meridian.example",
    });
    for (const bad of [
      "",
      "no-address",
      "Name <>",
      "a@b@c",
      "Evil\r\nBcc: x@y.example <a@b.example>",
      "Two, Names <a@b.example>",
      "a@-bad-.example",
      "a@b.example>",
    ]) {
      expect(parseMailFrom(bad), bad).toBeUndefined();
    }
  });

  it("completes a stored Message-ID with the sender's domain", () => {
    expect(messageIdHeader("outbox-1", "meridian.example")).toBe("<outbox-1@meridian.example>");
    expect(messageIdHeader("<kept@elsewhere.example>", "meridian.example")).toBe("<kept@elsewhere.example>");
  });

  it("validates SMTP_URL, MAIL_FROM and MAIL_MAX_ATTEMPTS, with defaults", () => {
    const defaults = loadConfig({ NODE_ENV: "test" });
    expect(defaults).toMatchObject({ MAIL_FROM: DEFAULT_MAIL_FROM, MAIL_MAX_ATTEMPTS: 8 });
    expect(defaults.SMTP_URL).toBeUndefined();
    expect(
      loadConfig({
        NODE_ENV: "test",
        SMTP_URL: "smtps://user:p%40ss@mail.example.com:465",
        MAIL_MAX_ATTEMPTS: "3",
      }),
    ).toMatchObject({ SMTP_URL: "smtps://user:p%40ss@mail.example.com:465", MAIL_MAX_ATTEMPTS: 3 });
    expect(() => loadConfig({ NODE_ENV: "test", SMTP_URL: "https://user:secret@mail.example.com" })).toThrow(
      /SMTP_URL: must be an smtp:\/\/ or smtps:\/\/ URL/,
    );
    // The message names the variable, never its value (it may hold a password).
    const refused = (() => {
      try {
        loadConfig({ NODE_ENV: "test", SMTP_URL: "http://user:secret@x" });
      } catch (error) {
        return error as Error;
      }
    })();
    expect(refused?.message).toMatch(/SMTP_URL/);
    expect(refused?.message).not.toContain("secret");
    expect(() => loadConfig({ NODE_ENV: "test", MAIL_FROM: "nobody" })).toThrow(
      /MAIL_FROM: must be an address/,
    );
    expect(() => loadConfig({ NODE_ENV: "test", MAIL_MAX_ATTEMPTS: "0" })).toThrow(/MAIL_MAX_ATTEMPTS/);
  });
});
