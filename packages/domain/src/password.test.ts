import { describe, expect, it } from "vitest";
import { passwordStrengthProblem, USERNAME_RULE, usernameProblem } from "./password.js";

describe("passwordStrengthProblem", () => {
  it.each([
    ["correct horse 7", "alice"],
    ["Tr0ub4dor&3xyz", "alice"],
    ["abcdefghijk!", "bob"],
    ["twelve chars1", ""],
  ])("accepts %j for user %j", (password, username) => {
    expect(passwordStrengthProblem(password, username)).toBeNull();
  });

  it.each([
    ["short1!", "alice", "at least 12 characters"],
    ["abcdefghij1", "alice", "at least 12 characters"],
    ["aaaaaaaaaaaaaaa", "alice", "single character repeated"],
    ["111111111111", "alice", "single character repeated"],
    ["123456789012!", "alice", "at least one letter"],
    ["abcdefghijklm", "alice", "at least one digit or symbol"],
    ["my-Alice-password-1", "alice", "must not contain the username"],
    ["xx-ALICE-yy-99", "Alice", "must not contain the username"],
  ])("refuses %j for user %j (%s)", (password, username, reason) => {
    expect(passwordStrengthProblem(password, username)).toContain(reason);
  });

  it("counts exactly 12 characters as long enough and 11 as too short", () => {
    expect(passwordStrengthProblem("abcdefghij1!", "zed")).toBeNull();
    expect(passwordStrengthProblem("abcdefghij1", "zed")).toMatch(/12 characters/);
  });

  it("gives full sentences", () => {
    expect(passwordStrengthProblem("short", "alice")).toMatch(/^The password .+\.$/);
  });
});

describe("usernameProblem", () => {
  it.each([
    ["thandi.nkosi", null],
    ["Thandi@Example.com", null],
    ["", "Please choose a username."],
    ["ab", "The username is too short: use at least 3 characters."],
    ["a".repeat(65), "The username is too long: use at most 64 characters."],
    [".thandi", "The username must start with a letter or a digit."],
    [
      "thandi nkosi",
      "The username may hold only letters, digits, dots, dashes, underscores and @ (no spaces).",
    ],
  ])("%j → %s", (username, problem) => {
    expect(usernameProblem(username)).toBe(problem);
  });

  it("never answers with the whole rule, which the form already shows as the hint", () => {
    for (const username of ["", "x", "-x-", "a b c", "ü-name"])
      expect(usernameProblem(username)).not.toBe(USERNAME_RULE);
  });
});
