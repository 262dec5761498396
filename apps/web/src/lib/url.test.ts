import { describe, expect, it } from "vitest";
import { joinUrl } from "./url";

describe("joinUrl", () => {
  it.each([
    ["/api/smart-inquiry", "/member-queries", "/api/smart-inquiry/member-queries"],
    ["/api/smart-inquiry/", "member-queries", "/api/smart-inquiry/member-queries"],
    ["//host.example/api/", "/v2/member-details", "//host.example/api/v2/member-details"],
  ])("%s + %s → %s", (base, path, expected) => {
    expect(joinUrl(base, path)).toBe(expected);
  });
});
