import { describe, expect, it } from "vitest";
import { EXCEPTION_CODES } from "./error-codes.js";

describe("exception codes", () => {
  it("are all distinct, so a screen branching on a code never mistakes one error for another", () => {
    const codes = Object.values(EXCEPTION_CODES);
    expect(new Set(codes).size).toBe(codes.length);
  });
});
