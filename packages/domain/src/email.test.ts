import { describe, expect, it } from "vitest";
import { emailSchema, isRegisteredEmail, isValidEmail, optionalEmailSchema } from "./email.js";

// A 189-character domain of valid labels; with 64 + "@" it makes an address of exactly 254.
function domainOfLength(length: number): string {
  const suffix = ".com";
  const labels = ["a".repeat(63), "b".repeat(63)];
  const lastLabelLength = length - suffix.length - labels.join(".").length - 1;
  return `${labels.join(".")}.${"c".repeat(lastLabelLength)}${suffix}`;
}

describe("isValidEmail", () => {
  it.each([
    "member@example.com",
    "first.last+tag@mail.example.co.za",
    "o'brien@example.org",
    "a@b.co",
    "user_name-1@sub-domain.example.com",
  ])("accepts %j", (address) => {
    expect(isValidEmail(address)).toBe(true);
  });

  it.each([
    ["", "empty"],
    ["member", "no @"],
    ["member@", "no domain"],
    ["@example.com", "no local part"],
    ["member@example", "no dot in the domain"],
    ["mem ber@example.com", "a space"],
    [" member@example.com", "a leading space"],
    ["a@b@example.com", "two @"],
    ["member@example..com", "an empty domain label"],
    ["member@-example.com", "a label starting with a hyphen"],
    ["member@example.com.", "a trailing dot"],
    ["member@exa_mple.com", "an underscore in the domain"],
    ["member@example.com, other@example.com", "two addresses"],
  ])("rejects %j (%s)", (address) => {
    expect(isValidEmail(address)).toBe(false);
  });

  it("accepts exactly 254 characters overall and rejects 255", () => {
    const at254 = `${"x".repeat(64)}@${domainOfLength(189)}`;
    const at255 = `${"x".repeat(64)}@${domainOfLength(190)}`;
    expect(at254).toHaveLength(254);
    expect(at255).toHaveLength(255);
    expect(isValidEmail(at254)).toBe(true);
    expect(isValidEmail(at255)).toBe(false);
  });

  it("accepts exactly 64 characters before the @ and rejects 65", () => {
    expect(isValidEmail(`${"x".repeat(64)}@example.com`)).toBe(true);
    expect(isValidEmail(`${"x".repeat(65)}@example.com`)).toBe(false);
  });
});

describe("emailSchema", () => {
  it("trims, then accepts a valid address", () => {
    expect(emailSchema.parse("  member@example.com ")).toBe("member@example.com");
  });

  it.each(["", "   ", "not-an-email"])("rejects %j with the required message", (value) => {
    const result = emailSchema.safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe("Please enter a valid email address");
  });
});

describe("optionalEmailSchema", () => {
  it.each([undefined, "", "   "])("turns %j into undefined", (value) => {
    const result = optionalEmailSchema.safeParse(value);
    expect(result.success).toBe(true);
    expect(result.data).toBeUndefined();
  });

  it("keeps a valid address, trimmed", () => {
    expect(optionalEmailSchema.parse(" cc@example.com")).toBe("cc@example.com");
  });

  it("rejects an invalid address with the required message", () => {
    const result = optionalEmailSchema.safeParse("cc@");
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe("Please enter a valid email address");
  });
});

describe("isRegisteredEmail", () => {
  const registered = ["Ada.Lovelace@Example.com", " second@example.org "];

  it.each([
    "ada.lovelace@example.com",
    "ADA.LOVELACE@EXAMPLE.COM",
    "  Ada.Lovelace@Example.com ",
    "second@example.org",
  ])("finds %j among the member's addresses, trimmed and in any case", (address) => {
    expect(isRegisteredEmail(address, registered)).toBe(true);
  });

  it.each(["ada.lovelace@example.co", "ada.lovelace@exmaple.com", "adalovelace@example.com", ""])(
    "does not find %j, which differs by a character",
    (address) => {
      expect(isRegisteredEmail(address, registered)).toBe(false);
    },
  );

  it("finds nothing for a member without addresses", () => {
    expect(isRegisteredEmail("ada@example.com", [])).toBe(false);
  });
});
