import { describe, expect, it } from "vitest";
import { randomRequestId, randomToken } from "./crypto.js";

describe("randomToken", () => {
  it("gives 256 random bits, URL-safe, never the same twice across several refills of its pool", () => {
    const tokens = Array.from({ length: 1000 }, () => randomToken());
    for (const token of tokens) expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(new Set(tokens).size).toBe(tokens.length);
    // No token is a wiped (all-zero) slice of the pool.
    expect(tokens).not.toContain(Buffer.alloc(32).toString("base64url"));
  });
});

describe("randomRequestId", () => {
  it("gives 128 random bits, URL-safe, unique, from the same pool as the tokens without sharing a byte", () => {
    // Taken in turn with tokens, so the pool is refilled at every kind of boundary.
    const ids: string[] = [];
    const tokens: string[] = [];
    for (let index = 0; index < 3000; index += 1) {
      ids.push(randomRequestId());
      if (index % 3 === 0) tokens.push(randomToken());
    }
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).not.toContain(Buffer.alloc(16).toString("base64url"));
    expect(tokens).not.toContain(Buffer.alloc(32).toString("base64url"));
    // No id is the start of a token: each byte was handed out once.
    const tokenStarts = new Set(
      tokens.map((token) => Buffer.from(token, "base64url").subarray(0, 16).toString("base64url")),
    );
    expect(ids.filter((id) => tokenStarts.has(id))).toEqual([]);
  });
});
