import { describe, expect, it } from "vitest";
import { randomToken } from "./crypto.js";

describe("randomToken", () => {
  it("gives 256 random bits, URL-safe, never the same twice across several refills of its pool", () => {
    const tokens = Array.from({ length: 1000 }, () => randomToken());
    for (const token of tokens) expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(new Set(tokens).size).toBe(tokens.length);
    // No token is a wiped (all-zero) slice of the pool.
    expect(tokens).not.toContain(Buffer.alloc(32).toString("base64url"));
  });
});
