import { pino } from "pino";
import { describe, expect, it } from "vitest";
import { loggerOptions, logOutputFor, readableLines } from "./logger.js";

// npm start at a terminal reads as sentences; a pipe, a file or production gets JSON for a shipper.

describe("logOutputFor", () => {
  it("writes readable lines only at a terminal in development", () => {
    expect(logOutputFor({ isTTY: true }, "development")).toBe("lines");
  });
  it("writes JSON to a pipe or a file, and always in production or tests", () => {
    expect(logOutputFor({ isTTY: false }, "development")).toBe("json");
    expect(logOutputFor({}, "development")).toBe("json");
    expect(logOutputFor({ isTTY: true }, "production")).toBe("json");
    expect(logOutputFor({ isTTY: true }, "test")).toBe("json");
  });
});

describe("readableLines", () => {
  it("writes a level and the message, an error's type and code, none of the JSON", () => {
    const out: string[] = [];
    const log = pino(loggerOptions("info"), readableLines({ write: (text: string) => out.push(text) }));
    log.warn({ setting: "SMTP_URL" }, "SMTP_URL is unset: mails are written to the outbox");
    const error = Object.assign(new Error("secret text"), { code: "ECONNREFUSED" });
    log.error({ err: error }, "could not sweep abandoned upload files");
    expect(out).toEqual([
      "warn  SMTP_URL is unset: mails are written to the outbox\n",
      "error could not sweep abandoned upload files (Error ECONNREFUSED)\n",
    ]);
  });
});
