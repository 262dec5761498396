import { Writable } from "node:stream";
import { pino } from "pino";
import { describe, expect, it } from "vitest";
import { loggerOptions } from "../lib/logger.js";
import { configSummary, WITHHELD } from "./config-summary.js";
import { loadConfig } from "./env.js";

// The configuration line at start says what the process runs with, and no secret.

const SECRETS = {
  SESSION_SECRET: "session-secret-0123456789abcdef-0123",
  DATABASE_URL: "postgres://portal:db-pass-123@db.scheme.example:5432/portal",
  SMTP_URL: "smtps://mailer:smtp-pass-456@mail.scheme.example:465",
  S3_ACCESS_KEY_ID: "AKIAEXAMPLEKEY789",
  S3_SECRET_ACCESS_KEY: "s3-secret-key-abc/xyz",
  OTEL_EXPORTER_OTLP_ENDPOINT: "https://tracer:otel-pass-000@collector.scheme.example:4318",
  STAFF_OIDC_CLIENT_SECRET: "staff-oidc-secret-111",
};

describe("the configuration summary logged at start", () => {
  const config = loadConfig({
    NODE_ENV: "test",
    ...SECRETS,
    STAFF_OIDC_ISSUER: "https://login.scheme.example",
    STAFF_OIDC_CLIENT_ID: "member-portal",
    BLOB_STORE: "s3",
    S3_BUCKET: "portal-attachments",
    METRICS_PORT: "9500",
  });

  it("names every setting's value, secrets withheld and passwords in URLs masked", () => {
    const summary = configSummary(config);
    expect(summary).toMatchObject({
      PORT: 8080,
      METRICS_PORT: 9500,
      METRICS_HOST: "127.0.0.1",
      BLOB_STORE: "s3",
      S3_BUCKET: "portal-attachments",
      SESSION_SECRET: WITHHELD,
      S3_ACCESS_KEY_ID: WITHHELD,
      S3_SECRET_ACCESS_KEY: WITHHELD,
      STAFF_OIDC_CLIENT_SECRET: WITHHELD,
      DATABASE_URL: "postgres://portal:***@db.scheme.example:5432/portal",
      SMTP_URL: "smtps://mailer:***@mail.scheme.example:465",
      OTEL_EXPORTER_OTLP_ENDPOINT: "https://tracer:***@collector.scheme.example:4318/",
      databaseKind: "server",
    });
    // Unset settings are left out, not printed as undefined.
    expect(summary).not.toHaveProperty("BRAND_FILE");
  });

  it("writes one JSON line holding none of the secrets", () => {
    const written: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        written.push(String(chunk));
        done();
      },
    });
    pino({ ...loggerOptions("info") }, stream).info({ config: configSummary(config) }, "configuration");
    expect(written).toHaveLength(1);
    const line = JSON.parse(written[0] ?? "") as { msg: string; config: Record<string, unknown> };
    expect(line.msg).toBe("configuration");
    for (const secret of [
      SECRETS.SESSION_SECRET,
      "db-pass-123",
      "smtp-pass-456",
      SECRETS.S3_ACCESS_KEY_ID,
      SECRETS.S3_SECRET_ACCESS_KEY,
      "otel-pass-000",
      SECRETS.STAFF_OIDC_CLIENT_SECRET,
    ]) {
      expect(written[0]).not.toContain(secret);
    }
  });
});
