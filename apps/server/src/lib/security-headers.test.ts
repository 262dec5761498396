import { describe, expect, it } from "vitest";
import { helmetHeaders, isDocumentType } from "./security-headers.js";

describe("security headers", () => {
  it("takes helmet's headers for the options once, as helmet would set them", () => {
    const headers = new Map(
      helmetHeaders({
        contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'self'"] } },
        strictTransportSecurity: false,
      }),
    );
    expect(headers.get("content-security-policy")).toBe("default-src 'self'");
    expect(headers.get("x-content-type-options")).toBe("nosniff");
    expect(headers.has("strict-transport-security")).toBe(false);
    // helmet removes X-Powered-By rather than setting it.
    expect(headers.has("x-powered-by")).toBe(false);
  });

  it("treats HTML and SVG as documents (both can run script when opened), nothing else", () => {
    expect(isDocumentType("text/html; charset=utf-8")).toBe(true);
    expect(isDocumentType("image/svg+xml")).toBe(true);
    for (const type of [
      "application/json; charset=utf-8",
      "text/plain",
      "application/pdf",
      "text/css",
      undefined,
    ]) {
      expect(isDocumentType(type)).toBe(false);
    }
  });
});
