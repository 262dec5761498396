import { describe, expect, it } from "vitest";
import { jsonNestsDeeperThan } from "./json-depth.js";

describe("jsonNestsDeeperThan", () => {
  it("counts the objects and arrays one inside another, not one after another", () => {
    expect(jsonNestsDeeperThan('{"a":[{"b":[1]}]}', 4)).toBe(false);
    expect(jsonNestsDeeperThan('{"a":[{"b":[1]}]}', 3)).toBe(true);
    expect(jsonNestsDeeperThan(`[${"[1],".repeat(1000)}[1]]`, 2)).toBe(false);
    expect(jsonNestsDeeperThan("1", 0)).toBe(false);
  });

  it("does not count brackets inside strings, escaped quotes included", () => {
    expect(jsonNestsDeeperThan(JSON.stringify({ text: "[[[{{{" }), 1)).toBe(false);
    expect(jsonNestsDeeperThan(JSON.stringify({ text: 'say "[[[" \\ [' }), 1)).toBe(false);
    expect(jsonNestsDeeperThan(JSON.stringify(["\\", [[]]]), 2)).toBe(true);
  });
});
