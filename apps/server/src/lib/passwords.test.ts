import { describe, expect, it } from "vitest";
import { hashPassword, unknownUserHash, verifyPassword } from "./passwords.js";

// A hash made before the cost was configurable (N = 2^15, r = 8, p = 1): members created then
// must still log in, whatever PASSWORD_HASH_COST says now.
const EARLIER_HASH = "scrypt$32768$8$1$c2FsdC1mb3ItYS1maXh0dQ$Q2q7rd4yaIx55VM2z7r28S5JiZmGHDrtk4ensSpjWWU";

describe("password hashes", () => {
  it("verify a hash made at the earlier fixed cost", async () => {
    expect(await verifyPassword("Sunflower-Valley-42", EARLIER_HASH)).toBe(true);
    expect(await verifyPassword("Sunflower-Valley-43", EARLIER_HASH)).toBe(false);
  });

  it("carry their own cost, so hashes of different costs verify side by side", async () => {
    const cheap = await hashPassword("Correct-Horse-1", 4);
    const full = await hashPassword("Correct-Horse-1");
    expect(cheap).toMatch(/^scrypt\$16\$8\$1\$/);
    expect(full).toMatch(/^scrypt\$32768\$8\$1\$/);
    for (const stored of [cheap, full]) {
      expect(await verifyPassword("Correct-Horse-1", stored)).toBe(true);
      expect(await verifyPassword("Correct-Horse-2", stored)).toBe(false);
    }
  });

  it("salt every hash, so one password never gives the same hash twice", async () => {
    expect(await hashPassword("Correct-Horse-1", 4)).not.toBe(await hashPassword("Correct-Horse-1", 4));
  });

  it("treat the same password in another Unicode form as the same password", async () => {
    const stored = await hashPassword("Caf\u00e9-Terrace-9", 4);
    expect(await verifyPassword("Cafe\u0301-Terrace-9", stored)).toBe(true);
  });

  it.each([
    ["another scheme", "bcrypt$12$8$1$AAAA$AAAA"],
    ["a missing part", "scrypt$16$8$1$AAAA"],
    ["N not a power of two", "scrypt$17$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAA"],
    ["a cost above the memory cap", `scrypt$${2 ** 20}$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAA`],
    ["a parallelism far too high", "scrypt$16$8$64$AAAAAAAAAAAAAAAAAAAAAA$AAAA"],
  ])("refuse a stored value with %s instead of deriving from it", async (_label, stored) => {
    expect(await verifyPassword("Correct-Horse-1", stored)).toBe(false);
  });

  it("make the unknown-user hash at the cost asked, so an unknown user costs what a member does", async () => {
    expect(unknownUserHash(4)).toMatch(/^scrypt\$16\$8\$1\$/);
    expect(unknownUserHash()).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(await verifyPassword("anything", unknownUserHash(4))).toBe(false);
  });
});
