import { describe, expect, it } from "vitest";
import { safeRedirectTo } from "./redirect-to";

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
