import { describe, expect, it } from "vitest";
import { formatProblem, type Problem } from "./problems.js";
import { columnsOf, REGISTER_KINDS, type RegisterKind } from "./register-files.js";
import { RowChecker } from "./row-validation.js";

// The rules of one row: each column on its own, then across the columns of the row.

function check(kind: RegisterKind, values: Record<string, string>) {
  const problems: Problem[] = [];
  const checker = new RowChecker(problems);
  const row = Object.fromEntries(columnsOf(kind).map((column) => [column, values[column] ?? ""]));
  checker.check({ kind, fileName: `${kind}.csv` }, { line: 2, values: row });
  return { rows: checker.rows[kind], problems: problems.map(formatProblem), declared: checker.declared };
}

const member = {
  entity_number: "50000001",
  first_name: "Thandi",
  last_name: "Nkosi",
};

describe("row rules", () => {
  it("reads a full member row into profile, e-mails, phones and addresses", () => {
    const { rows, problems } = check("members", {
      ...member,
      membership_number: "20010001",
      date_of_birth: "1987-05-14",
      gender: "FEMALE",
      identity_type: "ID",
      identity_number: "8705140123081",
      emails: " thandi@example.com ; t.n@example.org ;",
      work_phone: "+27 11 555 0111",
      mobile_phone: "+27 82 555 0101",
      residential_line1: "22 Protea Avenue",
      residential_city: "Johannesburg",
      residential_postal_code: "2196",
      residential_country: "South Africa",
    });
    expect(problems).toEqual([]);
    expect(rows[0]).toMatchObject({
      emails: ["thandi@example.com", "t.n@example.org"],
      phones: [
        { type: "MOBILE", number: "+27 82 555 0101" },
        { type: "WORK", number: "+27 11 555 0111" },
      ],
      addresses: [{ type: "RESIDENTIAL", line1: "22 Protea Avenue", line2: null, suburb: null }],
    });
  });

  it("says what is wrong with each column, once, without quoting the value", () => {
    const { rows, problems, declared } = check("members", {
      ...member,
      first_name: "",
      identity_type: "ID",
      identity_number: "87051401230",
      emails: "thandi@example.com;not-an-address;THANDI@example.com",
      home_phone: "call me",
      postal_city: "Johannesburg",
    });
    expect(rows).toEqual([]);
    expect(problems).toEqual([
      "members.csv:2:first_name: Required.",
      "members.csv:2:emails: Item 2: Please enter a valid email address",
      "members.csv:2:emails: Each email address may be given only once.",
      "members.csv:2:home_phone: Please enter a valid phone number.",
      "members.csv:2:identity_number: An ID number is 13 digits.",
      "members.csv:2:postal_line1: Required when any postal_ column is given.",
      "members.csv:2:postal_postal_code: Required when any postal_ column is given.",
      "members.csv:2:postal_country: Required when any postal_ column is given.",
    ]);
    expect(problems.join("\n")).not.toContain("87051401230");
    // A wrong row still says who it is about: others referring to it are not reported as well.
    expect([...declared.entityNumbers]).toEqual([50000001]);
  });

  it("refuses control characters and bidirectional controls in every column, naming the character, not the value", () => {
    const { rows, problems } = check("members", {
      ...member,
      title: "Mr\u0085",
      first_name: "Tha\u0000ndi",
      last_name: "\u202Eiskon",
      emails: "thandi@example.com;\u2066t@example.org\u2069",
      residential_line1: "22 Protea\tAvenue",
      residential_line2: "Unit 5\nRosebank",
      residential_city: "Johannes\u001b[2Jburg",
      residential_postal_code: "2196\u200E",
      residential_country: "South Africa\u007f",
    });
    expect(rows).toEqual([]);
    expect(problems).toEqual([
      "members.csv:2:title: Character 3 is a control character (U+0085); no value may hold one.",
      "members.csv:2:first_name: Character 4 is a control character (U+0000); no value may hold one.",
      "members.csv:2:last_name: Character 1 is a bidirectional control (U+202E); no value may hold one.",
      "members.csv:2:emails: Character 20 is a bidirectional control (U+2066); no value may hold one.",
      "members.csv:2:residential_line1: Character 10 is a control character (U+0009); no value may hold one.",
      "members.csv:2:residential_line2: Character 7 is a control character (U+000A); no value may hold one.",
      "members.csv:2:residential_city: Character 9 is a control character (U+001B); no value may hold one.",
      "members.csv:2:residential_postal_code: Character 5 is a bidirectional control (U+200E); no value may hold one.",
      "members.csv:2:residential_country: Character 13 is a control character (U+007F); no value may hold one.",
    ]);
    for (const [kind, column, value, expected] of [
      ["emergencyContacts", "name", "Sipho\u200F", "Character 6 is a bidirectional control (U+200F)"],
      ["waitingPeriods", "condition", "Asthma\u061C", "Character 7 is a bidirectional control (U+061C)"],
      [
        "doctorAllocations",
        "doctor_name",
        "Dr\u202A Mokoena",
        "Character 3 is a bidirectional control (U+202A)",
      ],
      ["plans", "plan_name", "Gold\u0000", "Character 5 is a control character (U+0000)"],
    ] as const) {
      expect(check(kind, { [column]: value }).problems).toContain(
        `${kind}.csv:2:${column}: ${expected}; no value may hold one.`,
      );
    }
  });

  it("holds identity type and number together, and keys to whole numbers PostgreSQL holds", () => {
    expect(check("members", { ...member, identity_number: "8705140123081" }).problems).toEqual([
      "members.csv:2:identity_type: Required with an identity_number.",
    ]);
    expect(check("members", { ...member, entity_number: "2147483648" }).problems).toEqual([
      "members.csv:2:entity_number: At most 2147483647.",
    ]);
    expect(check("members", { ...member, entity_number: "5e7" }).problems).toEqual([
      "members.csv:2:entity_number: Expected a whole number.",
    ]);
  });

  it("checks waiting periods, allocations, dependents, plans and roles against their rules", () => {
    expect(
      check("waitingPeriods", {
        entity_number: "1",
        type: "GENERAL",
        condition: "Asthma",
        start_date: "2026-03-01",
        end_date: "2026-02-28",
      }).problems,
    ).toEqual([
      "waitingPeriods.csv:2:condition: Must be empty for a GENERAL waiting period.",
      "waitingPeriods.csv:2:end_date: Before the start date.",
    ]);
    expect(
      check("doctorAllocations", {
        entity_number: "1",
        allocation_type: "PHYSIO",
        practice_number: "0551234",
        practice_name: "P",
        doctor_name: "D",
        start_date: "2026-02-30",
      }).problems,
    ).toEqual([
      "doctorAllocations.csv:2:allocation_type: Expected one of GP, DENTIST, SPECIALIST.",
      "doctorAllocations.csv:2:start_date: Not a day of the calendar.",
    ]);
    expect(
      check("policyDependents", {
        policy_id: "3",
        entity_number: "4",
        relationship: "CHILD",
        dependent_code: "00",
      }).problems,
    ).toEqual(["policyDependents.csv:2:dependent_code: Expected two digits from 01 to 99."]);
    expect(
      check("plans", {
        scheme_code: "MERIDIAN",
        scheme_name: "Meridian",
        plan_code: "GOLD PLAN",
        plan_name: "Gold",
        benefits: "HOSPITAL;HOSPITAL",
      }).problems,
    ).toEqual([
      "plans.csv:2:plan_code: Expected 1 to 32 letters, digits, hyphens or underscores.",
      "plans.csv:2:benefits: A benefit is named twice.",
    ]);
  });

  it("has a schema for exactly the columns of each file", () => {
    for (const kind of REGISTER_KINDS) {
      const { problems } = check(kind, {});
      const columns = new Set(problems.map((problem) => problem.split(":")[2]));
      for (const column of columns) expect(columnsOf(kind)).toContain(column);
    }
  });
});
