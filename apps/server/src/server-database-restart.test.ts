import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  logInOver,
  type PortalProcess,
  startPortalProcess,
  waitFor,
} from "../test-support/portal-process.js";
import { addMember } from "../test-support/test-app.js";
import { startThrowawayPostgres, type ThrowawayPostgres } from "../test-support/throwaway-postgres.js";
import { openServerDatabase } from "./db/database.js";

// Two portal processes on one PostgreSQL, restarted with `pg_ctl restart -m fast` while each has a
// transaction open: a log-in waiting, inside its transaction, for the member's row that the test
// holds. node-postgres then emits `error` on a connection the pool had handed out, which had no
// listener: both processes ended ("uncaught exception: shutting down"). Now the log-ins answer 503,
// both processes stay up, and they serve again once the database is back.

describe("two portal processes through a PostgreSQL restart with transactions open", () => {
  let cluster: ThrowawayPostgres;
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "portal-restart-"));
  const portals: PortalProcess[] = [];
  let member: { username: string; password: string; entityNumber: number };

  beforeAll(async () => {
    cluster = await startThrowawayPostgres();
    const database = await openServerDatabase(cluster.url, { poolSize: 2 });
    try {
      member = await addMember(database);
    } finally {
      await database.close();
    }
    for (const name of ["a", "b"]) {
      portals.push(
        await startPortalProcess(scratch, name, { DATABASE_URL: cluster.url, BLOB_DIR_SHARED: "true" }),
      );
    }
  }, 180_000);

  afterAll(async () => {
    for (const portal of portals) await portal.stop();
    cluster?.stop();
    fs.rmSync(scratch, { recursive: true, force: true });
  }, 60_000);

  it("answers 503 for the transactions cut, stays up, and serves again", async () => {
    // The member's row held, so each process's log-in waits inside its transaction.
    const holder = new pg.Client({ connectionString: cluster.url });
    holder.on("error", () => undefined);
    await holder.connect();
    await holder.query("begin");
    await holder.query("select 1 from members where entity_number = $1 for update", [member.entityNumber]);
    const waiting = portals.map((portal) => logInOver(portal, member.username, member.password));
    await waitFor(async () => {
      const { rows } = await holder.query<{ waiting: number }>(
        "select count(*)::int as waiting from pg_stat_activity where wait_event_type = 'Lock'",
      );
      return (rows[0]?.waiting ?? 0) >= portals.length ? true : undefined;
    }, "both log-ins to wait for the member's row");

    cluster.restart();
    const answers = (await Promise.all(waiting)).map(({ answer }) => answer);
    expect(answers.map((answer) => answer.status)).toEqual([503, 503]);
    expect(answers.every((answer) => answer.headers.get("retry-after") !== null)).toBe(true);

    // Still up a moment later (a shutdown would have begun at once), and serving again.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    for (const portal of portals) {
      expect(portal.process.exitCode).toBeNull();
      expect(portal.output()).not.toContain("uncaught exception");
      await waitFor(async () => {
        const answer = await fetch(`${portal.baseUrl}/readyz`);
        return answer.status === 200 ? true : undefined;
      }, "the portal to be ready again");
      expect((await logInOver(portal, member.username, member.password)).answer.status).toBe(200);
    }
  }, 120_000);
});
