import { describe, expect, it } from "vitest";
import { contactDetailsUpdateSchema, memberSearchSchema } from "./contracts/member-self-service.js";
import {
  holdsBenefitPermission,
  holdsPermission,
  type MemberRole,
  type PermissionContext,
} from "./member-roles.js";

const postal = {
  type: "POSTAL",
  line1: "PO Box 12",
  line2: "",
  suburb: null,
  city: "Durban",
  province: "KwaZulu-Natal",
  postalCode: "4001",
  country: "South Africa",
};

describe("contactDetailsUpdateSchema", () => {
  const valid = {
    emails: ["thandi@example.com"],
    phoneNumbers: [{ type: "MOBILE", number: "+27 (82) 555-0101" }],
    addresses: [postal],
  };

  it("accepts a complete set and turns empty optional lines into null", () => {
    const parsed = contactDetailsUpdateSchema.parse(valid);
    expect(parsed.addresses[0]?.line2).toBeNull();
  });

  it.each([
    ["no e-mail address", { emails: [] }],
    ["an invalid e-mail address", { emails: ["not-an-address"] }],
    ["the same e-mail twice in other letter case", { emails: ["a@example.com", "A@example.com"] }],
    ["a phone number with letters", { phoneNumbers: [{ type: "MOBILE", number: "082 555 CALL" }] }],
    ["a phone number with too few digits", { phoneNumbers: [{ type: "MOBILE", number: "555 01" }] }],
    ["two postal addresses", { addresses: [postal, postal] }],
    ["an address without a city", { addresses: [{ ...postal, city: " " }] }],
    ["a postal code with symbols", { addresses: [{ ...postal, postalCode: "40#1" }] }],
  ])("refuses %s", (_case, change) => {
    expect(contactDetailsUpdateSchema.safeParse({ ...valid, ...change }).success).toBe(false);
  });
});

describe("memberSearchSchema", () => {
  it.each([{ membershipNumber: "MHS-100234" }, { surname: "Nkosi" }])("accepts %o", (search) => {
    expect(memberSearchSchema.safeParse(search).success).toBe(true);
  });

  it.each([
    {},
    { surname: "N" },
    { membershipNumber: "100 234" },
    { membershipNumber: "1", surname: "Nkosi" },
  ])("refuses %o", (search) => {
    expect(memberSearchSchema.safeParse(search).success).toBe(false);
  });
});

describe("holdsPermission", () => {
  const context = (
    roles: MemberRole[],
    relationship: PermissionContext["relationship"],
    isPrincipal: boolean,
  ) => ({
    roles: new Set(roles),
    relationship,
    isPrincipal,
  });

  it("lets a principal member see their dependents and order cards, a dependent neither", () => {
    expect(holdsPermission("VIEW_DEPENDENTS", context(["MEMBER"], "SELF", true))).toBe(true);
    expect(holdsPermission("VIEW_DEPENDENTS", context(["MEMBER"], "SELF", false))).toBe(false);
    expect(holdsPermission("ORDER_MEMBERSHIP_CARD", context(["MEMBER"], "DEPENDENT", true))).toBe(true);
    expect(holdsPermission("ORDER_MEMBERSHIP_CARD", context(["MEMBER"], "SELF", false))).toBe(false);
  });

  it("lets everyone change only their own contact details", () => {
    expect(holdsPermission("UPDATE_CONTACT_DETAILS", context(["MEMBER"], "SELF", true))).toBe(true);
    expect(holdsPermission("UPDATE_CONTACT_DETAILS", context(["MEMBER"], "DEPENDENT", true))).toBe(false);
  });

  it("gives member search to staff only, and no member permission to staff", () => {
    expect(holdsPermission("SEARCH_MEMBERS", context(["STAFF_AGENT"], "SELF", false))).toBe(true);
    expect(holdsPermission("SEARCH_MEMBERS", context(["MEMBER"], "SELF", true))).toBe(false);
    expect(holdsPermission("VIEW_CLAIMS", context(["STAFF_SUPERVISOR"], "SELF", false))).toBe(false);
  });
});

describe("benefit permissions", () => {
  const principal = { roles: new Set(["MEMBER"] as const), relationship: "SELF" as const, isPrincipal: true };
  it("hold as for the entity only when the plan covers the benefit", () => {
    expect(holdsBenefitPermission("VIEW_CLAIMS", principal, true)).toBe(true);
    expect(holdsBenefitPermission("VIEW_CLAIMS", principal, false)).toBe(false);
    expect(holdsBenefitPermission("SEARCH_MEMBERS", principal, true)).toBe(false);
  });
});
