import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { calendarDateIn, DAY_MS, DEFAULT_BRAND, SCHEME_TIME_ZONE } from "@portal/domain";
import { eq, isNotNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase, TEST_DATABASE_KINDS } from "../../test-support/databases.js";
import { allReplies } from "../../test-support/thread-rows.js";
import type { Database } from "../db/database.js";
import { documentSubmissions, memberProfiles, members, queries } from "../db/schema.js";
import { reachableEntities } from "../modules/access/reach.js";
import { listRoles } from "../modules/access/roles.js";
import {
  findDoctorAllocationInForce,
  listWaitingPeriodsInForce,
} from "../modules/member-details/cover-repository.js";
import { findPersonalDetails } from "../modules/member-details/people-repository.js";
import {
  findPolicyMembership,
  listDependentsOfPrincipal,
} from "../modules/member-details/policies-repository.js";
import { DEMO_MEMBERS, DEMO_STAFF } from "../modules/members/demo-credentials.js";
import { workingDemoLogins } from "../modules/members/demo-logins.js";
import { findMemberByUsername } from "../modules/members/members-repository.js";
import { createLocalBlobStore } from "../modules/storage/local-blob-store.js";
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
    expect(await seedDemoData(database.db, blobStore, now, SCHEME_TIME_ZONE)).toBe(true);
    expect(await seedDemoData(database.db, blobStore, now, SCHEME_TIME_ZONE)).toBe(false);
    // The demo members and staff log in; Thandi's spouse and two children are people too, without a
    // log-in, and so is the member who asked last month's queries of the Reports page.
    const logins = DEMO_MEMBERS.length + DEMO_STAFF.length;
    expect(await database.db.$count(members, isNotNull(members.username))).toBe(logins);
    expect(await database.db.$count(members)).toBe(logins + 4);
    // Every demo query carries the reply promise made when it was logged.
    const promised = await database.db.select({ due: queries.replyDueOn }).from(queries);
    expect(promised.every((row) => row.due !== null && /^\d{4}-\d{2}-\d{2}$/.test(row.due))).toBe(true);

    const demo = await entityOf(DEMO_MEMBERS[0].username);
    const rows = await database.db.select().from(queries).where(eq(queries.memberEntityNumber, demo));
    expect(new Set(rows.map((row) => row.origin))).toEqual(new Set(["MEMBER_WEB", "MED_XPRESS"]));
    expect(rows.some((row) => row.status === "CLOSED")).toBe(true);
    expect(rows.some((row) => row.legacy)).toBe(true);
    expect(rows.some((row) => now.getTime() - row.loggedAt.getTime() > 30 * DAY_MS)).toBe(true);
    const replies = (await allReplies(database.db)).map((reply) => ({ html: reply.html ?? "" }));
    expect(
      replies.some((reply) => reply.html.includes("<table") && reply.html.includes("data:image/png;base64,")),
    ).toBe(true);
    expect(
      await database.db.$count(documentSubmissions, eq(documentSubmissions.memberEntityNumber, demo)),
    ).toBeGreaterThan(0);
  });

  it("seeds an agent, a supervisor and an information officer who work in the console, and whose demo log-ins are printed", async () => {
    for (const staff of DEMO_STAFF) {
      expect([...(await listRoles(database.db, await entityOf(staff.username)))]).toEqual([staff.role]);
    }
  });

  it("prints every demo log-in it seeded, members and staff, as the README lists them", async () => {
    const printed = await workingDemoLogins(database.db);
    expect(printed.map((login) => `${login.label}: ${login.username} ${login.password}`)).toEqual([
      "Demo member: demo.member Portal-Demo-2026!",
      "Demo member: demo.second Second-Demo-2026!",
      "Demo member: demo.newcomer Newcomer-Demo-2026!",
      "Demo agent: demo.agent Agent-Demo-2026!",
      "Demo supervisor: demo.supervisor Supervisor-Demo-2026!",
      "Demo information officer: demo.officer Officer-Demo-2026!",
    ]);
  });

  it("leaves the newcomer without queries or document submissions", async () => {
    const newcomer = await entityOf("demo.newcomer");
    expect(await database.db.$count(queries, eq(queries.memberEntityNumber, newcomer))).toBe(0);
    expect(
      await database.db.$count(documentSubmissions, eq(documentSubmissions.memberEntityNumber, newcomer)),
    ).toBe(0);
  });

  it("gives Thandi a full profile and a policy with her spouse and two children as dependents", async () => {
    const demo = await entityOf("demo.member");
    const profile = await findPersonalDetails(database.db, demo);
    expect(profile).toMatchObject({ title: "Mrs", firstName: "Thandi", lastName: "Nkosi", gender: "FEMALE" });
    expect(profile?.dateOfBirth).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(profile?.membershipNumber).toBeTruthy();
    const membership = await findPolicyMembership(database.db, demo);
    expect(membership).toMatchObject({
      schemeName: DEFAULT_BRAND.name,
      dependentCode: "00",
      relationship: "PRINCIPAL",
    });
    const dependents = await listDependentsOfPrincipal(database.db, demo);
    expect(dependents.map((dependent) => [dependent.relationship, dependent.dependentCode])).toEqual([
      ["SPOUSE", "01"],
      ["CHILD", "02"],
      ["CHILD", "03"],
    ]);
    expect(dependents.every((dependent) => dependent.policyId === membership?.policyId)).toBe(true);
    expect(dependents.every((dependent) => dependent.dateOfBirth !== null)).toBe(true);
    const dependentRows = await database.db
      .select({ username: members.username, passwordHash: members.passwordHash })
      .from(members)
      .where(eq(members.entityNumber, dependents[0]?.entityNumber ?? 0));
    expect(dependentRows).toEqual([{ username: null, passwordHash: null }]);
    expect(await reachableEntities(database.db, demo)).toEqual([
      demo,
      ...dependents.map((d) => d.entityNumber),
    ]);
  });

  it("gives Pieter and the newcomer a profile and a policy of their own, without dependents", async () => {
    for (const username of ["demo.second", "demo.newcomer"]) {
      const entity = await entityOf(username);
      expect(await database.db.$count(memberProfiles, eq(memberProfiles.entityNumber, entity))).toBe(1);
      expect((await findPolicyMembership(database.db, entity))?.schemeName).toBe(DEFAULT_BRAND.name);
      expect(await listDependentsOfPrincipal(database.db, entity)).toEqual([]);
      expect(await reachableEntities(database.db, entity)).toEqual([entity]);
    }
  });

  it("gives every demo member the MEMBER role and no staff role", async () => {
    for (const member of DEMO_MEMBERS) {
      expect(await listRoles(database.db, await entityOf(member.username))).toEqual(new Set(["MEMBER"]));
    }
  });

  it("gives Thandi a general and a condition-specific waiting period and a GP in force today", async () => {
    const demo = await entityOf("demo.member");
    const today = calendarDateIn(SCHEME_TIME_ZONE, now);
    const periods = await listWaitingPeriodsInForce(database.db, demo, today);
    expect(periods.map((period) => period.type)).toEqual(["GENERAL", "CONDITION_SPECIFIC"]);
    expect(periods[1]?.condition).toBeTruthy();
    expect(await findDoctorAllocationInForce(database.db, demo, "GP", today)).toMatchObject({
      allocationType: "GP",
      endDate: null,
    });
    const second = await entityOf("demo.second");
    expect(await listWaitingPeriodsInForce(database.db, second, today)).toEqual([]);
  });
});
