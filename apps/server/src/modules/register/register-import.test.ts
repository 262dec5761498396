import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openTestDatabase, TEST_DATABASE_KINDS } from "../../../test-support/databases.js";
import {
  copyOfExample,
  EXAMPLE_FOLDER,
  editLines,
  runImport,
  snapshot,
} from "../../../test-support/modules/register.js";
import type { Database } from "../../db/database.js";
import { members, plans, registerImports } from "../../db/schema.js";
import { listRoles } from "../access/roles.js";
import {
  findDoctorAllocationInForce,
  listWaitingPeriodsInForce,
} from "../member-details/cover-repository.js";
import { insertPolicy } from "../member-details/enrolment-repository.js";
import { findPersonalDetails, listAddresses, listPhoneNumbers } from "../member-details/people-repository.js";
import { findPolicyMembership, listDependentsOfPrincipal } from "../member-details/policies-repository.js";
import { createMember } from "../members/create-member.js";
import { listMemberEmails } from "../members/members-repository.js";
import { COUNT_KINDS, type CountKind, type KindCounts } from "./import-plan.js";
import { formatProblem } from "./problems.js";
import { REGISTER_FILES } from "./register-files.js";

// The register import against the example set of docs/examples/register, on both databases.

const THANDI = 50000001;
const TODAY = "2026-11-23";

/** The counts of a run, with only the kinds named differing from all zero. */
function countsWith(
  changes: Partial<Record<CountKind, Partial<KindCounts>>>,
  unchanged: Partial<Record<CountKind, number>> = {},
) {
  return Object.fromEntries(
    COUNT_KINDS.map((kind) => [
      kind,
      { inserted: 0, updated: 0, unchanged: unchanged[kind] ?? 0, removed: 0, ...changes[kind] },
    ]),
  );
}

/** Everything of the example set once it is in the database. */
const EXAMPLE_UNCHANGED = {
  schemes: 1,
  plans: 2,
  members: 8,
  policies: 3,
  policyDependents: 4,
  emergencyContacts: 2,
  waitingPeriods: 2,
  doctorAllocations: 3,
  roles: 4,
} as const;

describe.each(TEST_DATABASE_KINDS)("register import on %s", (kind) => {
  let database: Database;
  let copy: ReturnType<typeof copyOfExample>;
  beforeEach(async () => {
    database = await openTestDatabase(kind);
    copy = copyOfExample();
  });
  afterEach(async () => {
    copy.dispose();
    await database.close();
  });

  it("imports the example set: Thandi's plan, family, GP and waiting periods as the membership page reads them", async () => {
    const outcome = await runImport(database.db, EXAMPLE_FOLDER);
    expect(outcome.kind).toBe("imported");
    if (outcome.kind !== "imported") return;
    expect(outcome.counts).toEqual(
      countsWith(
        Object.fromEntries(
          Object.entries(EXAMPLE_UNCHANGED).map(([name, count]) => [name, { inserted: count }]),
        ),
      ),
    );
    const { db } = database;
    expect(await findPersonalDetails(db, THANDI)).toEqual({
      entityNumber: THANDI,
      title: "Mrs",
      firstName: "Thandi",
      lastName: "Nkosi",
      dateOfBirth: "1987-05-14",
      gender: "FEMALE",
      identityNumber: "8705140123081",
      identityType: "ID",
      membershipNumber: "20010001",
    });
    expect(await listMemberEmails(db, THANDI)).toEqual(["thandi.nkosi@example.com"]);
    expect(await listPhoneNumbers(db, THANDI)).toEqual([
      { type: "MOBILE", number: "+27 82 555 0101" },
      { type: "WORK", number: "+27 11 555 0111" },
    ]);
    expect((await listAddresses(db, THANDI)).map((address) => address.type)).toEqual([
      "POSTAL",
      "RESIDENTIAL",
    ]);
    expect(await findPolicyMembership(db, THANDI)).toEqual({
      policyId: 3000001,
      policyIdentifier: "MHS-20010001",
      startDate: "2019-02-01",
      planCode: "COMPREHENSIVE",
      planName: "Meridian Comprehensive",
      schemeCode: "MERIDIAN",
      schemeName: "Meridian Health Medical Scheme",
      dependentCode: "00",
      relationship: "PRINCIPAL",
      principalEntityNumber: THANDI,
    });
    const family = await listDependentsOfPrincipal(db, THANDI);
    expect(
      family.map(({ firstName, relationship, dependentCode }) => ({
        firstName,
        relationship,
        dependentCode,
      })),
    ).toEqual([
      { firstName: "Sibusiso", relationship: "SPOUSE", dependentCode: "01" },
      { firstName: "Lwazi", relationship: "CHILD", dependentCode: "02" },
    ]);
    expect(await findDoctorAllocationInForce(db, THANDI, "GP", TODAY)).toMatchObject({
      doctorName: "Dr Lindani Zulu",
      endDate: null,
    });
    expect((await listWaitingPeriodsInForce(db, THANDI, TODAY)).map((period) => period.type)).toEqual([
      "GENERAL",
      "CONDITION_SPECIFIC",
    ]);
    // MEMBER for each policy's principal member, as the demo members have it; staff as listed.
    expect([...(await listRoles(db, THANDI))]).toEqual(["MEMBER"]);
    expect([...(await listRoles(db, 50000002))]).toEqual([]);
    expect([...(await listRoles(db, 50000008))]).toEqual(["STAFF_AGENT"]);
    // No one gets a log-in from the register.
    const logins = await db.select({ username: members.username, hash: members.passwordHash }).from(members);
    expect(logins.every((row) => row.username === null && row.hash === null)).toBe(true);
  });

  it("imports the same files twice: the second run finds everything unchanged and writes only its record", async () => {
    await runImport(database.db, EXAMPLE_FOLDER);
    const before = await snapshot(database.db);
    const second = await runImport(database.db, EXAMPLE_FOLDER);
    expect(second.kind === "imported" && second.counts).toEqual(countsWith({}, EXAMPLE_UNCHANGED));
    const after = await snapshot(database.db);
    expect(after.register_imports).toHaveLength(2);
    expect({ ...after, register_imports: [] }).toEqual({ ...before, register_imports: [] });
  });

  it("updates exactly the rows that changed", async () => {
    await runImport(database.db, EXAMPLE_FOLDER);
    const before = await snapshot(database.db);
    editLines(copy.folder, "members.csv", (line) => line.replace("+27 82 555 0101", "+27 82 555 0199"));
    editLines(copy.folder, "waiting_periods.csv", (line, number) =>
      number === 2 ? line.replace("2027-02-28", "2027-01-31") : line,
    );
    const outcome = await runImport(database.db, copy.folder);
    expect(outcome.kind === "imported" && outcome.counts).toEqual(
      countsWith(
        { members: { updated: 1 }, waitingPeriods: { updated: 1 } },
        { ...EXAMPLE_UNCHANGED, members: 7, waitingPeriods: 1 },
      ),
    );
    expect((await listPhoneNumbers(database.db, THANDI))[0]?.number).toBe("+27 82 555 0199");
    const after = await snapshot(database.db);
    const changedTables = Object.keys(after).filter(
      (table) => JSON.stringify(after[table]) !== JSON.stringify(before[table]),
    );
    // A changed person's contact details are written anew (new ids), as is a changed list.
    expect(changedTables.sort()).toEqual(
      ["member_addresses", "member_emails", "member_phones", "register_imports", "waiting_periods"].sort(),
    );
    expect(after.members).toEqual(before.members);
    expect(after.policies).toEqual(before.policies);
  });

  it("reports every problem of a broken copy with file, line and column, and writes nothing", async () => {
    editLines(copy.folder, "members.csv", (line, number) => {
      if (number === 3) return line.replace("1985-09-02", "1985-02-30");
      if (number === 5) return line.replace(",MALE,", ",M,");
      if (number === 8) return line.replace("P4821937", "P48");
      return line;
    });
    editLines(copy.folder, "policies.csv", (line, number) =>
      number === 3 ? line.replace("2015-06-01", "01/06/2015") : line,
    );
    editLines(copy.folder, "policy_dependents.csv", (line, number) =>
      number === 3 ? line.replace(",CHILD,02,", ",CHILD,01,") : line,
    );
    editLines(copy.folder, "waiting_periods.csv", (line, number) =>
      number === 3 ? line.replace("Knee replacement", "") : line,
    );
    editLines(copy.folder, "doctor_allocations.csv", (line, number) =>
      number === 4 ? line.replace("2023-12-31", "2014-12-31") : line,
    );
    editLines(copy.folder, "staff_roles.csv", (line, number) => (number === 2 ? "50000008,MEMBER" : line));
    const before = await snapshot(database.db);
    const outcome = await runImport(database.db, copy.folder);
    expect(outcome.kind).toBe("problems");
    if (outcome.kind !== "problems") return;
    expect(outcome.problems.map(formatProblem)).toEqual([
      "members.csv:3:date_of_birth: Not a day of the calendar.",
      "members.csv:5:gender: Expected one of FEMALE, MALE, OTHER.",
      "members.csv:8:identity_number: A passport number is 5 to 20 letters or digits.",
      "policies.csv:3:start_date: Expected a date written yyyy-MM-dd.",
      "policy_dependents.csv:3:dependent_code: Line 2 has this code on this policy.",
      "waiting_periods.csv:3:condition: Required for a CONDITION_SPECIFIC waiting period.",
      "doctor_allocations.csv:4:end_date: Before the start date.",
      "staff_roles.csv:2:role: Expected one of STAFF_AGENT, STAFF_SUPERVISOR, STAFF_INFORMATION_OFFICER.",
    ]);
    expect(await snapshot(database.db)).toEqual(before);
  });

  it("reports a NUL, an escape or a right-to-left override in a value at its file, line and column, before the database sees it", async () => {
    editLines(copy.folder, "members.csv", (line, number) => {
      if (number === 3) return line.replace("Sibusiso", "Sibu\u0000siso");
      if (number === 4) return line.replace("Lwazi", "\u001b[2JLwazi");
      return line;
    });
    editLines(copy.folder, "emergency_contacts.csv", (line, number) =>
      number === 2 ? line.replace(/^(\d+,)/, "$1\u202E") : line,
    );
    const outcome = await runImport(database.db, copy.folder);
    expect(outcome.kind === "problems" && outcome.problems.map(formatProblem)).toEqual([
      "members.csv:3:first_name: Character 5 is a control character (U+0000); no value may hold one.",
      "members.csv:4:first_name: Character 1 is a control character (U+001B); no value may hold one.",
      "emergency_contacts.csv:2:name: Character 1 is a bidirectional control (U+202E); no value may hold one.",
    ]);
    expect((await snapshot(database.db)).members).toEqual([]);
  });

  it("reports a dependent whose policy is missing, and writes nothing", async () => {
    editLines(copy.folder, "policy_dependents.csv", (line, number) =>
      number === 5 ? `${line}\n3000009,50000005,CHILD,01,` : line,
    );
    const outcome = await runImport(database.db, copy.folder);
    expect(outcome.kind === "problems" && outcome.problems.map(formatProblem)).toEqual([
      "policy_dependents.csv:6:policy_id: No policy 3000009 in policies.csv or the database.",
    ]);
    expect((await snapshot(database.db)).members).toEqual([]);
  });

  it("checks against the database too: a membership number another person holds, a dependent code in use", async () => {
    await runImport(database.db, EXAMPLE_FOLDER);
    // Only the new people and dependents are in these files; the database keeps the rest.
    fs.rmSync(path.join(copy.folder, "policies.csv"));
    editLines(copy.folder, "members.csv", (line, number) =>
      number === 1 ? line : number === 2 ? line.replace("50000001,20010001", "50000009,20010001") : null,
    );
    fs.writeFileSync(
      path.join(copy.folder, "policy_dependents.csv"),
      "policy_id,entity_number,relationship,dependent_code\n3000001,50000009,CHILD,02\n3000001,50000001,SPOUSE,03\n",
    );
    for (const file of [
      "emergency_contacts.csv",
      "waiting_periods.csv",
      "doctor_allocations.csv",
      "staff_roles.csv",
    ])
      fs.rmSync(path.join(copy.folder, file));
    const outcome = await runImport(database.db, copy.folder);
    expect(outcome.kind === "problems" && outcome.problems.map(formatProblem)).toEqual([
      "members.csv:2:membership_number: Held by person 50000001 in the database.",
      "policy_dependents.csv:2:dependent_code: Person 50000003 has this code on policy 3000001 in the database.",
      "policy_dependents.csv:3:entity_number: This person is the principal member of policy 3000001.",
    ]);
  });

  it("writes nothing on a dry run and says what it would insert and update", async () => {
    const before = await snapshot(database.db);
    const outcome = await runImport(database.db, EXAMPLE_FOLDER, { dryRun: true });
    expect(outcome.kind).toBe("dry-run");
    expect(outcome.kind === "dry-run" && outcome.counts.members).toEqual({
      inserted: 8,
      updated: 0,
      unchanged: 0,
      removed: 0,
    });
    expect(await snapshot(database.db)).toEqual(before);
  });

  it("removes what the files no longer list only with --remove-missing, listing each removal; people stay", async () => {
    await runImport(database.db, EXAMPLE_FOLDER);
    editLines(copy.folder, "policies.csv", (line) => (line.startsWith("3000003,") ? null : line));
    editLines(copy.folder, "policy_dependents.csv", (line) => (line.includes(",50000006,") ? null : line));
    editLines(copy.folder, "waiting_periods.csv", (line) => (line.startsWith("50000007,") ? null : line));
    editLines(copy.folder, "staff_roles.csv", (line, number) => (number === 1 ? line : null));
    // A file left out of the folder is "nothing of that kind in this run": none of it is removed.
    fs.rmSync(path.join(copy.folder, "doctor_allocations.csv"));

    const kept = await runImport(database.db, copy.folder);
    expect(kept.kind === "imported" && kept.removals).toEqual([]);
    const dryRun = await runImport(database.db, copy.folder, { removeMissing: true, dryRun: true });
    const removed = await runImport(database.db, copy.folder, { removeMissing: true });
    const expected = [
      "policy 3000003 (MHS-20010003)",
      "dependent 50000006 on policy 3000002 (code 02)",
      "waiting period of 50000007: GENERAL 2026-10-01 to 2026-12-31",
      "role STAFF_AGENT of 50000008",
    ];
    expect(dryRun.kind === "dry-run" && dryRun.removals).toEqual(expected);
    expect(removed.kind === "imported" && removed.removals).toEqual(expected);
    expect(removed.kind === "imported" && removed.counts.policies.removed).toBe(1);
    const after = await snapshot(database.db);
    expect(after.members).toHaveLength(8);
    expect(after.policies).toHaveLength(2);
    expect(after.doctor_allocations).toHaveLength(4);
    expect(await findPolicyMembership(database.db, 50000007)).toBeUndefined();
    const [record] = await database.db
      .select()
      .from(registerImports)
      .where(eq(registerImports.id, removed.kind === "imported" ? removed.recordId : 0));
    expect(record?.removeMissing).toBe(true);
  });

  it("keeps log-ins as they are, and moves the identity sequences past imported numbers", async () => {
    await runImport(database.db, EXAMPLE_FOLDER);
    // The register's numbers lie below the generated ones: the sequences stay where they are.
    const loginHolder = await createMember(
      database.db,
      {
        username: "lerato.k",
        password: "Jacaranda-Street-77",
        firstName: "L",
        lastName: "K",
        emails: ["lk@example.com"],
      },
      4,
    );
    expect(loginHolder).toBe(70000001);
    // Now the register names that person, and a person and a policy above the generated numbers.
    editLines(copy.folder, "members.csv", (line, number) =>
      number === 9
        ? `${line}\n70000001,,,Lerato,Khumalo,,,,,,,,,,,,,,,,,,,,,,\n70000005,20010099,,Test,Person,,,,,,,,,,,,,,,,,,,,,,`
        : line,
    );
    editLines(copy.folder, "policies.csv", (line, number) =>
      number === 4 ? `${line}\n4000010,MHS-20010099,MERIDIAN,ESSENTIAL,70000005,2026-01-01` : line,
    );
    const outcome = await runImport(database.db, copy.folder);
    expect(outcome.kind === "imported" && outcome.counts.members).toMatchObject({ inserted: 1, updated: 1 });
    const [holder] = await database.db.select().from(members).where(eq(members.entityNumber, loginHolder));
    expect(holder).toMatchObject({ username: "lerato.k", firstName: "Lerato", lastName: "Khumalo" });
    expect(holder?.passwordHash).toMatch(/^scrypt\$/);
    expect(
      await createMember(
        database.db,
        {
          username: "next.one",
          password: "Jacaranda-Street-78",
          firstName: "N",
          lastName: "O",
          emails: ["no@example.com"],
        },
        4,
      ),
    ).toBe(70000006);
    const [essential] = await database.db
      .select({ id: plans.id })
      .from(plans)
      .where(eq(plans.code, "ESSENTIAL"));
    expect(
      await insertPolicy(database.db, {
        policyIdentifier: "PORTAL-1",
        planId: essential?.id ?? 0,
        principalEntityNumber: 70000005,
        startDate: "2026-01-01",
      }),
    ).toBe(4000011);
  });

  it("keeps a record of each run: who ran it, the files' SHA-256 checksums and the counts", async () => {
    const startedBefore = new Date();
    const outcome = await runImport(database.db, EXAMPLE_FOLDER);
    const [record] = await database.db.select().from(registerImports);
    expect(record?.id).toBe(outcome.kind === "imported" ? outcome.recordId : undefined);
    expect(record?.ranBy).toBe("test-operator");
    expect(record?.removeMissing).toBe(false);
    expect(record?.startedAt.getTime()).toBeGreaterThanOrEqual(startedBefore.getTime() - 1000);
    expect(record?.finishedAt.getTime()).toBeGreaterThanOrEqual(record?.startedAt.getTime() ?? 0);
    const checksums = Object.fromEntries(
      Object.values(REGISTER_FILES).map(({ fileName }) => [
        fileName,
        createHash("sha256")
          .update(fs.readFileSync(path.join(EXAMPLE_FOLDER, fileName)))
          .digest("hex"),
      ]),
    );
    expect(record?.fileChecksums).toEqual(checksums);
    expect(record?.counts.members).toEqual({ inserted: 8, updated: 0, removed: 0 });
    expect(record?.counts.policy_dependents).toEqual({ inserted: 4, updated: 0, removed: 0 });
  });

  it("lets numbers move between people and policies within one run", async () => {
    await runImport(database.db, EXAMPLE_FOLDER);
    const swap = (a: string, b: string) => (line: string) =>
      line.includes(a) ? line.replace(a, b) : line.includes(b) ? line.replace(b, a) : line;
    editLines(copy.folder, "members.csv", swap("20010001", "20010002"));
    editLines(copy.folder, "policies.csv", swap("MHS-20010001", "MHS-20010002"));
    editLines(copy.folder, "policy_dependents.csv", (line) =>
      line.startsWith("3000001,")
        ? line.replace(",01,", ",0X,").replace(",02,", ",01,").replace(",0X,", ",02,")
        : line,
    );
    const outcome = await runImport(database.db, copy.folder);
    expect(outcome.kind === "imported" && outcome.counts).toMatchObject({
      members: { updated: 2 },
      policies: { updated: 2 },
      policyDependents: { updated: 2 },
    });
    expect((await findPersonalDetails(database.db, THANDI))?.membershipNumber).toBe("20010002");
    expect((await findPolicyMembership(database.db, THANDI))?.policyIdentifier).toBe("MHS-20010002");
    expect((await listDependentsOfPrincipal(database.db, THANDI)).map((row) => row.firstName)).toEqual([
      "Lwazi",
      "Sibusiso",
    ]);
  });
});
