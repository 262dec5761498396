import { Writable } from "node:stream";
import { pino } from "pino";
import { describe, expect, it } from "vitest";
import { loggerOptions } from "./logger.js";
import { sdkLoggerFor } from "./sdk-log.js";

// Every line the process writes is JSON: the S3 client (s3-blob-store.ts) logs through this
// adapter into pino. The warning here is the one S3 being down brings (requests queued behind busy
// sockets), which the SDK's HTTP handler wrote to the console as plain text.

describe("the SDK's log", () => {
  it("writes an SDK's warnings and errors as pino's JSON lines, and drops its debug and info", () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(...String(chunk).split("\n").filter(Boolean));
        done();
      },
    });
    const logger = sdkLoggerFor(pino(loggerOptions("info"), stream), "aws-s3");
    // The words of @smithy/node-http-handler's warning, which its default logger (the console) printed.
    logger.warn(
      "@smithy/node-http-handler:WARN - socket usage at capacity=50 and 131 additional requests are enqueued.",
    );
    logger.error("could not retry", Object.assign(new Error("member 70000001's upload"), { code: "EPIPE" }));
    logger.info("a detail");
    logger.debug("another");
    expect(lines).toHaveLength(2);
    const [warning, error] = lines.map((line) => JSON.parse(line));
    expect(warning).toMatchObject({ level: 40, sdk: "aws-s3" });
    expect(warning.msg).toContain("socket usage at capacity");
    expect(error).toMatchObject({ level: 50, sdk: "aws-s3", msg: "could not retry", err: { code: "EPIPE" } });
    expect(lines.join("")).not.toContain("70000001");
  });
});
