import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { TEST_DATABASE_KINDS } from "../../../test-support/databases.js";
import { TEST_SECRET } from "../../../test-support/modules/mail.js";
import { loggedInMember } from "../../../test-support/modules/smart-inquiry.js";
import { createTestApp, TEST_PASSWORD_HASH_COST, type TestApp } from "../../../test-support/test-app.js";
import { buildApp } from "../../app.js";
import { loadConfig } from "../../config/env.js";
import type { Db } from "../../db/database.js";
import * as schema from "../../db/schema.js";
import { sessions } from "../../db/schema.js";
import type { BlobStore } from "../storage/blob-store.js";
import { createLocalBlobStore } from "../storage/local-blob-store.js";

// The probes an orchestrator asks: /healthz (the process answers) and /readyz (it can serve: the
// database answers, the schema is current, the blob store takes a write), 503 naming what fails.

const readiness = async (testApp: { app: TestApp["app"] }) => {
  const answer = await testApp.app.inject({ method: "GET", url: "/readyz" });
  return {
    answer,
    body: answer.json() as { status: string; failing: string[]; checks: Record<string, string> },
  };
};

describe.each(TEST_DATABASE_KINDS)("health and readiness on %s", (kind) => {
  let testApp: TestApp;
  let blobWrites = 0;
  beforeAll(async () => {
    testApp = await createTestApp(
      kind,
      {},
      {
        wrapBlobStore: (store) => ({
          ...store,
          writePending: (key, source) => {
            blobWrites += 1;
            return store.writePending(key, source);
          },
        }),
      },
    );
  });
  afterAll(async () => testApp.close());

  it("/healthz answers ok, never cached, with no cookie", async () => {
    const answer = await testApp.app.inject({ method: "GET", url: "/healthz" });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ status: "ok" });
    expect(answer.headers["cache-control"]).toBe("no-store");
    expect(answer.headers["set-cookie"]).toBeUndefined();
  });

  it("/readyz answers ready when the database, the schema and the blob store are", async () => {
    const { answer, body } = await readiness(testApp);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers["cache-control"]).toBe("no-store");
    expect(answer.headers["set-cookie"]).toBeUndefined();
    expect(body).toEqual({
      status: "ready",
      failing: [],
      checks: { database: "ok", schema: "ok", "blob store": "ok" },
    });
    // The probe blob is gone again.
    expect(fs.readdirSync(path.join(testApp.blobDir, "readiness-probes"))).toEqual([]);
  });

  it("writes to the blob store once for many probes in a few seconds", async () => {
    const before = blobWrites;
    for (let probe = 0; probe < 5; probe += 1) expect((await readiness(testApp)).answer.statusCode).toBe(200);
    expect(blobWrites - before).toBeLessThanOrEqual(1);
  });

  it("answers 503 naming the schema while a migration this build ships is not applied", async () => {
    const [last] = (
      (await testApp.database.db.execute(
        sql`select id, hash, created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`,
      )) as unknown as { rows: { id: number; hash: string; created_at: string }[] }
    ).rows;
    if (!last) throw new Error("no migration recorded");
    await testApp.database.db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${last.id}`);
    try {
      const { answer, body } = await readiness(testApp);
      expect(answer.statusCode).toBe(503);
      expect(body.status).toBe("not ready");
      expect(body.failing).toEqual(["schema"]);
      expect(body.checks.schema).toMatch(/^1 migration\(s\) of this build not applied \(0\d{3}_\w+\)$/);
      expect(body.checks.database).toBe("ok");
    } finally {
      await testApp.database.db.execute(
        sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${last.id}, ${last.hash}, ${last.created_at})`,
      );
    }
    expect((await readiness(testApp)).answer.statusCode).toBe(200);
  });

  it("is not member activity: a probe with a session cookie neither reads nor keeps the session", async () => {
    const member = await loggedInMember(testApp);
    const lastSeen = async () =>
      (await testApp.database.db.select({ at: sessions.lastSeenAt }).from(sessions)).map((row) =>
        row.at.getTime(),
      );
    const before = await lastSeen();
    testApp.clock.advanceMinutes(5);
    for (const url of ["/healthz", "/readyz", "/readyz?verbose=1"]) {
      const answer = await member.browser.request({ method: "GET", url });
      expect(answer.headers["set-cookie"], url).toBeUndefined();
    }
    expect(await lastSeen()).toEqual(before);
    // Whereas a request of the member's does keep it.
    await member.browser.request({ method: "GET", url: "/wsg/session" });
    expect(await lastSeen()).not.toEqual(before);
  });

  it("answers 503 'shutting down' from the moment shutdown begins", async () => {
    const probed = await createTestApp(kind);
    try {
      expect((await readiness(probed)).answer.statusCode).toBe(200);
      probed.app.markShuttingDown();
      const { answer, body } = await readiness(probed);
      expect(answer.statusCode).toBe(503);
      expect(body.failing).toEqual(["shutting down"]);
      expect((await probed.app.inject({ method: "GET", url: "/healthz" })).statusCode).toBe(200);
    } finally {
      await probed.close();
    }
  });

  it("answers 503 naming the blob store when it cannot be written", async () => {
    // A file where the blob directory should be: refused for root too (unlike permissions).
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "portal-readyz-")), "not-a-directory");
    fs.writeFileSync(file, "");
    const unwritable = await createTestApp(kind, {}, { blobDir: file });
    try {
      const { answer, body } = await readiness(unwritable);
      expect(answer.statusCode).toBe(503);
      expect(body.failing).toEqual(["blob store"]);
      expect(body.checks["blob store"]).toBe("failed (ENOTDIR)");
      expect(body.checks.database).toBe("ok");
      expect(JSON.stringify(body)).not.toContain(file);
    } finally {
      await unwritable.close();
      fs.rmSync(path.dirname(file), { recursive: true, force: true });
    }
  });
});

describe("readiness when the database is down", () => {
  const blobDirs: string[] = [];
  const closers: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const close of closers.splice(0).reverse()) await close();
    for (const dir of blobDirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  /** The app on a node-postgres pool to `port` on loopback. */
  async function appOnDatabaseAt(port: number) {
    const pool = new pg.Pool({ connectionString: `postgres://portal@127.0.0.1:${port}/portal`, max: 2 });
    pool.on("error", () => undefined);
    const blobDir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-readyz-"));
    blobDirs.push(blobDir);
    const blobStore: BlobStore = createLocalBlobStore(blobDir);
    const app = await buildApp({
      config: loadConfig({
        NODE_ENV: "test",
        LOG_LEVEL: "silent",
        PASSWORD_HASH_COST: String(TEST_PASSWORD_HASH_COST),
      }),
      db: drizzle({ client: pool, schema }) as unknown as Db,
      blobStore,
      secret: TEST_SECRET,
      now: () => new Date(),
    });
    closers.push(async () => {
      await app.close();
      await pool.end().catch(() => undefined);
    });
    return { app };
  }

  /** A port nothing listens on. */
  async function closedPort(): Promise<number> {
    const server = net.createServer().listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    const { port } = server.address() as net.AddressInfo;
    await new Promise((resolve) => server.close(resolve));
    return port;
  }

  it("answers 503 naming the database when it refuses connections; Ping.srv still says OK", async () => {
    const { app } = await appOnDatabaseAt(await closedPort());
    const { answer, body } = await readiness({ app });
    expect(answer.statusCode).toBe(503);
    expect(body.status).toBe("not ready");
    expect(body.failing).toEqual(["database"]);
    expect(body.checks.database).toBe("failed (ECONNREFUSED)");
    expect(body.checks["blob store"]).toBe("ok");
    const ping = await app.inject({ method: "GET", url: "/portal/wlxapp/Ping.srv" });
    expect(ping.statusCode).toBe(200);
    expect(ping.body).toBe("OK");
    expect((await app.inject({ method: "GET", url: "/healthz" })).statusCode).toBe(200);
  });

  it("answers 503 within a few seconds when the database takes the connection but never answers", async () => {
    const silent = net.createServer(() => undefined).listen(0, "127.0.0.1");
    await new Promise((resolve) => silent.once("listening", resolve));
    const sockets: net.Socket[] = [];
    silent.on("connection", (socket) => sockets.push(socket));
    closers.push(() => new Promise((resolve) => silent.close(resolve)));
    const { app } = await appOnDatabaseAt((silent.address() as net.AddressInfo).port);
    // Undone first (closers run last-added first): the pool's connection attempts end, then the app.
    closers.push(async () => {
      for (const socket of sockets) socket.destroy();
    });
    const started = performance.now();
    const { answer, body } = await readiness({ app });
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(answer.statusCode).toBe(503);
    expect(body.failing).toEqual(["database"]);
    expect(body.checks.database).toBe("no answer within 3 s");
  });
});
