import { describe, expect, it } from "vitest";
import { DAY_MS } from "./dates.js";
import { canUpdateQuery, type UpdateCandidate, updateRefusal } from "./update-rule.js";

const now = new Date("2026-03-31T22:30:00Z");
const daysAgo = (days: number) => new Date(now.getTime() - days * DAY_MS);
const updatable: UpdateCandidate = {
  status: "OPEN",
  origin: "MEMBER_WEB",
  loggedAt: daysAgo(1),
  legacy: false,
};

describe("canUpdateQuery", () => {
  it.each<[string, boolean, Partial<UpdateCandidate>]>([
    ["an open member-web query logged yesterday", true, {}],
    ["one logged this instant", true, { loggedAt: now }],
    ["one logged exactly at the window's edge", true, { loggedAt: daysAgo(30) }],
    ["one logged a millisecond before the window", false, { loggedAt: new Date(daysAgo(30).getTime() - 1) }],
    ["one logged 31 days ago", false, { loggedAt: daysAgo(31) }],
    ["a closed query", false, { status: "CLOSED" }],
    ["a status the rule does not know", false, { status: "PENDING" }],
    ["an open medxpress query", false, { origin: "MED_XPRESS" }],
    ["a legacy query", false, { legacy: true }],
    [
      "a closed, old, legacy medxpress query",
      false,
      { status: "CLOSED", origin: "MED_XPRESS", legacy: true, loggedAt: daysAgo(90) },
    ],
  ])("%s → can be updated: %s", (_label, expected, change) => {
    expect(canUpdateQuery({ ...updatable, ...change }, { now, updateWindowDays: 30 })).toBe(expected);
  });

  it("follows the window it is given", () => {
    const query = { ...updatable, loggedAt: daysAgo(10) };
    expect(canUpdateQuery(query, { now, updateWindowDays: 9 })).toBe(false);
    expect(canUpdateQuery(query, { now, updateWindowDays: 10 })).toBe(true);
  });
});

describe("updateRefusal", () => {
  it.each<[string, ReturnType<typeof updateRefusal>, Partial<UpdateCandidate>]>([
    ["an open member-web query logged yesterday", null, {}],
    ["a query logged by phone (legacy), whatever else holds", "LEGACY", { legacy: true, status: "CLOSED" }],
    ["an open medxpress query", "OTHER_CHANNEL", { origin: "MED_XPRESS" }],
    [
      "a closed medxpress query: the channel is what the member cannot change",
      "OTHER_CHANNEL",
      { origin: "MED_XPRESS", status: "CLOSED" },
    ],
    ["a closed member-web query", "CLOSED", { status: "CLOSED" }],
    ["a closed query past the window", "CLOSED", { status: "CLOSED", loggedAt: daysAgo(31) }],
    ["an open query past the window", "TOO_OLD", { loggedAt: daysAgo(31) }],
  ])("%s → %s", (_label, expected, change) => {
    expect(updateRefusal({ ...updatable, ...change }, { now, updateWindowDays: 30 })).toBe(expected);
  });
});
