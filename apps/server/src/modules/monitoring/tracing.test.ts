import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { XSRF_COOKIE } from "@portal/domain";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { databaseUrl, waitUntilUnused, withAdminClient } from "../../../test-support/database-templates.js";
import { addMember, loginMessage } from "../../../test-support/test-app.js";
import { openServerDatabase } from "../../db/database.js";

// Traces as an operator gets them: the server started as `npm start` starts it (tracing preloaded
// with --import; here from the sources, through tsx), OTEL_EXPORTER_OTLP_ENDPOINT pointing at a
// small OTLP/HTTP receiver on loopback. Spans of an HTTP request and of its PostgreSQL statements
// arrive, named by route pattern, and no attribute holds a member's name, username, e-mail
// address or password, a reference number from the URL, or a query string.

const serverDir = fileURLToPath(new URL("../../../", import.meta.url));
const serverUrl = process.env.DATABASE_URL;
const SESSION_SECRET = "tracing-test-secret-0123456789abcdef";

interface OtlpAttribute {
  key: string;
  value: { stringValue?: string; intValue?: string | number };
}
interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  attributes?: OtlpAttribute[];
}
interface OtlpTraces {
  resourceSpans?: {
    resource?: { attributes?: OtlpAttribute[] };
    scopeSpans?: { scope?: { name?: string }; spans?: OtlpSpan[] }[];
  }[];
}

/** A receiver for OTLP/HTTP JSON (POST /v1/traces), keeping each body as it came. */
async function startCollector() {
  const bodies: string[] = [];
  const server = http.createServer((request, response) => {
    let body = "";
    request.setEncoding("utf8");
    request.on("data", (chunk: string) => {
      body += chunk;
    });
    request.on("end", () => {
      if (request.method === "POST" && request.url === "/v1/traces") bodies.push(body);
      response.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const spans = () =>
    bodies.flatMap((body) =>
      ((JSON.parse(body) as OtlpTraces).resourceSpans ?? []).flatMap((resourceSpan) =>
        (resourceSpan.scopeSpans ?? []).flatMap((scopeSpan) =>
          (scopeSpan.spans ?? []).map((span) => ({ ...span, scope: scopeSpan.scope?.name ?? "" })),
        ),
      ),
    );
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    bodies,
    spans,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

const attribute = (span: OtlpSpan, key: string) => {
  const value = span.attributes?.find((candidate) => candidate.key === key)?.value;
  return value?.stringValue ?? (value?.intValue === undefined ? undefined : Number(value.intValue));
};

async function waitFor<T>(read: () => T | undefined, what: string, ms = 20_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Cookies as a browser keeps them, from the answers' set-cookie headers. */
function keepCookies(jar: Map<string, string>, response: Response): void {
  for (const line of response.headers.getSetCookie()) {
    const [pair = ""] = line.split(";");
    const at = pair.indexOf("=");
    jar.set(pair.slice(0, at), pair.slice(at + 1));
  }
}

describe.skipIf(!serverUrl)("OpenTelemetry traces to an OTLP/HTTP collector on loopback", () => {
  const databaseName = `portal_tracing_${randomBytes(6).toString("hex")}`;
  let collector: Awaited<ReturnType<typeof startCollector>>;
  let server: ChildProcess | undefined;
  let output = "";
  let baseUrl = "";
  let member: Awaited<ReturnType<typeof addMember>>;
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "portal-tracing-"));

  beforeAll(async () => {
    collector = await startCollector();
    const template = inject("postgresTemplateDatabase");
    await withAdminClient(serverUrl ?? "", (client) =>
      client.query(`create database ${databaseName}${template ? ` template ${template}` : ""}`),
    );
    const url = databaseUrl(serverUrl ?? "", databaseName);
    const database = await openServerDatabase(url, { poolSize: 2 });
    try {
      member = await addMember(database, { emails: ["private.person@example.com"] });
    } finally {
      await database.close();
    }
    const webDir = path.join(scratch, "web");
    fs.mkdirSync(webDir);
    fs.writeFileSync(path.join(webDir, "index.html"), "<!doctype html><title>Portal</title>");
    server = spawn(
      process.execPath,
      ["--conditions", "source", "--import", "tsx", "--import", "./src/tracing.ts", "./src/server.ts"],
      {
        cwd: serverDir,
        env: {
          ...process.env,
          NODE_ENV: "test",
          DATABASE_URL: url,
          SESSION_SECRET,
          PASSWORD_HASH_COST: "4",
          LOGIN_SLOWDOWN_MS: "0",
          PORT: "0",
          HOST: "127.0.0.1",
          METRICS_PORT: "0",
          LOG_LEVEL: "info",
          DATA_DIR: path.join(scratch, "data"),
          WEB_DIST_DIR: webDir,
          BLOB_DIR_SHARED: "true",
          OTEL_EXPORTER_OTLP_ENDPOINT: collector.url,
          OTEL_BSP_SCHEDULE_DELAY: "100",
        },
      },
    );
    server.stdout?.on("data", (chunk) => (output += chunk));
    server.stderr?.on("data", (chunk) => (output += chunk));
    baseUrl = await waitFor(
      () => /"Server listening at (http:\/\/127\.0\.0\.1:\d+)"/.exec(output)?.[1],
      `the server to listen; it said:\n${output}`,
      60_000,
    );
  }, 90_000);

  afterAll(async () => {
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server?.once("exit", resolve));
      server.kill("SIGTERM");
      await exited;
    }
    await collector?.close();
    await withAdminClient(serverUrl ?? "", async (client) => {
      await waitUntilUnused(client, databaseName);
      await client.query(`drop database if exists ${databaseName} with (force)`);
    });
    fs.rmSync(scratch, { recursive: true, force: true });
  }, 60_000);

  it("sends an HTTP span named by route, with its PostgreSQL spans, and nothing personal", async () => {
    const jar = new Map<string, string>();
    const cookieHeader = () => [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
    keepCookies(jar, await fetch(`${baseUrl}/wsg/session`));
    const xsrf = jar.get(XSRF_COOKIE) ?? "";
    const logIn = (password: string) =>
      fetch(`${baseUrl}/wsg/rest`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-xsrf-token": xsrf, cookie: cookieHeader() },
        body: JSON.stringify(loginMessage(member.username, password, `${baseUrl}/`)),
      });
    expect((await logIn("not-the-password")).status).toBe(401);
    const loggedIn = await logIn(member.password);
    expect(loggedIn.status).toBe(200);
    keepCookies(jar, loggedIn);
    const reference = await fetch(`${baseUrl}/api/smart-inquiry/member-queries/700123?detail=secret-query`, {
      headers: { cookie: cookieHeader() },
    });
    // Refused (a field is missing) or not found: either way a span, named by the route.
    expect(reference.status).toBeGreaterThanOrEqual(400);

    const login = await waitFor(
      () =>
        collector
          .spans()
          .find(
            (span) => span.name === "POST /wsg/rest" && attribute(span, "http.response.status_code") === 200,
          ),
      "the log-in's HTTP span",
    );
    expect(login.scope).toBe("@opentelemetry/instrumentation-http");
    expect(attribute(login, "http.route")).toBe("/wsg/rest");
    expect(attribute(login, "http.request.method")).toBe("POST");
    const statement = await waitFor(
      () =>
        collector
          .spans()
          .find(
            (span) =>
              span.traceId === login.traceId &&
              span.scope === "@opentelemetry/instrumentation-pg" &&
              span.name.startsWith("pg.query"),
          ),
      "a PostgreSQL span in the log-in's trace",
    );
    expect(attribute(statement, "db.system.name")).toBe("postgresql");
    // The statement's text keeps its placeholders; its values are never sent.
    expect(String(attribute(statement, "db.query.text"))).toMatch(/\$1/);
    const byRoute = await waitFor(
      () =>
        collector
          .spans()
          .find((span) => span.name === "GET /api/smart-inquiry/member-queries/:referenceNumber"),
      "the query's HTTP span",
    );
    expect(attribute(byRoute, "http.response.status_code")).toBe(reference.status);

    const sent = collector.bodies.join("\n");
    for (const personal of [
      member.username,
      member.password,
      "private.person@example.com",
      "Test",
      "700123",
      "secret-query",
      "detail=",
    ]) {
      expect(sent, personal).not.toContain(personal);
    }
    const resource = (JSON.parse(collector.bodies[0] ?? "{}") as OtlpTraces).resourceSpans?.[0]?.resource;
    expect(resource?.attributes).toContainEqual({
      key: "service.name",
      value: { stringValue: "member-portal" },
    });
  }, 60_000);

  it("wrote every line as JSON: the configuration (no secret), the start line", async () => {
    await waitFor(
      () => (output.includes("Member portal: http://localhost:") ? true : undefined),
      "the start line",
    );
    const lines = output.trim().split("\n");
    const parsed = lines.map((line) => {
      try {
        return JSON.parse(line) as { msg?: string; config?: Record<string, unknown> };
      } catch {
        throw new Error(`not a JSON line: ${line}`);
      }
    });
    const configuration = parsed.find((line) => line.msg === "configuration")?.config;
    expect(configuration?.SESSION_SECRET).toBe("(set; withheld)");
    expect(configuration?.OTEL_EXPORTER_OTLP_ENDPOINT).toBe(collector.url);
    expect(output).not.toContain(SESSION_SECRET);
    expect(parsed.map((line) => line.msg)).toContainEqual(
      expect.stringMatching(/^Member portal: http:\/\/localhost:\d+\/ \(PostgreSQL server\)$/),
    );
  });

  it("traces no probe", async () => {
    expect((await fetch(`${baseUrl}/readyz`)).status).toBe(200);
    expect((await fetch(`${baseUrl}/healthz`)).status).toBe(200);
    // A request after them, so their spans (if any) would have been sent by the time it is.
    await fetch(`${baseUrl}/portal/wlxapp/Ping.srv`);
    await waitFor(
      () => collector.spans().find((span) => span.name === "GET /portal/wlxapp/Ping.srv"),
      "the ping's span",
    );
    expect(collector.spans().filter((span) => /healthz|readyz/.test(span.name))).toEqual([]);
  });
});

describe("tracing loaded too late", () => {
  it("sends nothing and says in a JSON log line how to preload it", () => {
    // pg loaded first, as server.ts's own imports do when tracing.ts was not preloaded.
    const run = spawnSync(
      process.execPath,
      ["--conditions", "source", "--import", "tsx", "-e", 'import "pg"; await import("./src/tracing.ts");'],
      {
        cwd: serverDir,
        env: { ...process.env, OTEL_EXPORTER_OTLP_ENDPOINT: "http://127.0.0.1:9" },
        encoding: "utf8",
      },
    );
    expect(run.status).toBe(0);
    const line = JSON.parse(run.stdout.trim()) as { level: number; msg: string };
    expect(line.level).toBe(40);
    expect(line.msg).toContain("--import ./apps/server/dist/tracing.js");
  });
});
