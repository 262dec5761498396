import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase, TEST_DATABASE_KINDS } from "../../../test-support/databases.js";
import type { Database } from "../../db/database.js";
import { verifyPassword } from "../../lib/passwords.js";
import { CreateMemberError, createMember } from "./create-member.js";
import { findMemberByUsername, listMemberEmails } from "./members-repository.js";

describe.each(TEST_DATABASE_KINDS)("createMember on %s", (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(async () => database.close());

  const valid = {
    username: "Nomsa.Dlamini",
    password: "Sunflower-Valley-42",
    firstName: "Nomsa",
    lastName: "Dlamini",
    emails: ["nomsa@example.com", "nomsa.work@example.org"],
  };

  it("creates a member with a hashed password and ordered e-mail addresses", async () => {
    const entityNumber = await createMember(database.db, valid);
    expect(entityNumber).toBeGreaterThanOrEqual(70000001);
    const stored = await findMemberByUsername(database.db, "nomsa.dlamini");
    expect(stored?.passwordHash).not.toContain(valid.password);
    expect(await verifyPassword(valid.password, stored?.passwordHash ?? "")).toBe(true);
    expect(await verifyPassword("Sunflower-Valley-43", stored?.passwordHash ?? "")).toBe(false);
    expect(await listMemberEmails(database.db, entityNumber)).toEqual(valid.emails);
  });

  it("hashes at the cost it is given (PASSWORD_HASH_COST), full cost unless told otherwise", async () => {
    expect((await findMemberByUsername(database.db, "nomsa.dlamini"))?.passwordHash).toMatch(
      /^scrypt\$32768\$/,
    );
    await createMember(database.db, { ...valid, username: "cheap.hash" }, 4);
    const stored = await findMemberByUsername(database.db, "cheap.hash");
    expect(stored?.passwordHash).toMatch(/^scrypt\$16\$/);
    expect(await verifyPassword(valid.password, stored?.passwordHash ?? "")).toBe(true);
  });

  it("refuses a duplicate username in any letter case", async () => {
    await expect(createMember(database.db, { ...valid, username: "NOMSA.DLAMINI" })).rejects.toThrow(
      /already exists/,
    );
  });

  it.each([
    ["a short password", { password: "Short-1" }],
    ["a password without digits or symbols", { password: "onlylettershere" }],
    ["a password containing the username", { username: "thabo", password: "my-thabo-password-1" }],
    ["an invalid e-mail", { username: "new.one", emails: ["not-an-email"] }],
    ["no e-mail", { username: "new.two", emails: [] }],
    ["a blank name", { username: "new.three", firstName: " " }],
    ["a username with spaces", { username: "has space" }],
  ])("refuses %s with a clear message", async (_label, change) => {
    const error = await createMember(database.db, { ...valid, ...change }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(CreateMemberError);
    expect((error as Error).message.length).toBeGreaterThan(10);
  });
});
