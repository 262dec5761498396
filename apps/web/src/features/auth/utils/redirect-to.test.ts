import type { SessionInfo } from "@portal/domain";
import { describe, expect, it } from "vitest";
import { landingAfterLogin, safeRedirectTo } from "./redirect-to";

describe("safeRedirectTo", () => {
  it.each([
    ["/update/default?reference=1&timeline=false", "/update/default?reference=1&timeline=false"],
    ["/contact-us/medxpress", "/contact-us/medxpress"],
    ["/", "/"],
  ])("accepts %s", (value, expected) => {
    expect(safeRedirectTo(value)).toBe(expected);
  });

  it.each([
    [null],
    [undefined],
    [""],
    ["//evil.example/x"],
    ["/\\evil.example"],
    ["https://evil.example/"],
    ["javascript:alert(1)"],
    ["contact-us/default"],
    ["/login"],
    ["/login?redirectTo=%2F"],
  ])("rejects %s", (value) => {
    expect(safeRedirectTo(value)).toBeUndefined();
  });
});

describe("landingAfterLogin", () => {
  const person = { entityNumber: 7, firstName: "Ada", lastName: "M" };
  const member: SessionInfo = { authenticated: true, member: person, workspace: "member" };
  const staff: SessionInfo = { authenticated: true, member: person, workspace: "console" };

  it.each([
    [undefined, "/contact-us/default"],
    ["/document-submission?reference=5", "/document-submission?reference=5"],
    ["/interaction-timeline", "/interaction-timeline"],
    // A member has no console: a link into it takes them home instead.
    ["/console", "/contact-us/default"],
    ["/console/queries/12", "/contact-us/default"],
    ["/consoles", "/consoles"],
  ])("takes a member with redirectTo %s to %s", (redirectTo, expected) => {
    expect(landingAfterLogin(member, redirectTo)).toBe(expected);
  });

  it.each([
    [undefined, "/console"],
    // Staff have no member screens: a member page they were sent from is not where they land.
    ["/document-submission?reference=5", "/console"],
    ["/contact-us/default", "/console"],
    ["/", "/console"],
    ["/consoles", "/console"],
    ["/console", "/console"],
    ["/console/queries/12", "/console/queries/12"],
    ["/console?status=ALL", "/console?status=ALL"],
  ])("takes staff with redirectTo %s to %s", (redirectTo, expected) => {
    expect(landingAfterLogin(staff, redirectTo)).toBe(expected);
  });
});
