import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/database.js";
import { agentResponses, documentSubmissions, members, queries } from "../db/schema.js";
import { DEMO_MEMBERS } from "../modules/members/demo-credentials.js";
import { findMemberByUsername } from "../modules/members/members-repository.js";
import { createLocalBlobStore } from "../modules/storage/local-blob-store.js";
import { openTestDatabase, TEST_DATABASE_KINDS } from "../test-support/databases.js";
import { seedDemoData } from "./seed-demo-data.js";

describe.each(TEST_DATABASE_KINDS)("seedDemoData on %s", (kind) => {
  let database: Database;
  const blobDir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-seed-"));
  const blobStore = createLocalBlobStore(blobDir);
  const now = new Date("2026-11-22T09:00:00Z");
  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(async () => {
    await database.close();
    fs.rmSync(blobDir, { recursive: true, force: true });
  });

  async function entityOf(username: string): Promise<number> {
    const member = await findMemberByUsername(database.db, username);
    if (!member) throw new Error(`${username} was not seeded`);
    return member.entityNumber;
  }

  it("seeds every demo member once, with the smart-inquiry history the screens show", async () => {
    expect(await seedDemoData(database.db, blobStore, now)).toBe(true);
    expect(await seedDemoData(database.db, blobStore, now)).toBe(false);
    expect(await database.db.$count(members)).toBe(DEMO_MEMBERS.length);

    const demo = await entityOf(DEMO_MEMBERS[0].username);
    const rows = await database.db.select().from(queries).where(eq(queries.memberEntityNumber, demo));
    expect(new Set(rows.map((row) => row.origin))).toEqual(new Set(["MEMBER_WEB", "MED_XPRESS"]));
    expect(rows.some((row) => row.status === "CLOSED")).toBe(true);
    expect(rows.some((row) => row.legacy)).toBe(true);
    expect(rows.some((row) => now.getTime() - row.loggedAt.getTime() > 30 * 24 * 60 * 60 * 1000)).toBe(true);
    const replies = await database.db.select().from(agentResponses);
    expect(
      replies.some((reply) => reply.html.includes("<table") && reply.html.includes("data:image/png;base64,")),
    ).toBe(true);
    expect(
      await database.db.$count(documentSubmissions, eq(documentSubmissions.memberEntityNumber, demo)),
    ).toBeGreaterThan(0);
  });

  it("leaves the newcomer without queries or document submissions", async () => {
    const newcomer = await entityOf("demo.newcomer");
    expect(await database.db.$count(queries, eq(queries.memberEntityNumber, newcomer))).toBe(0);
    expect(
      await database.db.$count(documentSubmissions, eq(documentSubmissions.memberEntityNumber, newcomer)),
    ).toBe(0);
  });
});
