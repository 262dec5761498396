import { describe, expect, it } from "vitest";
import { closedPort } from "../../test-support/ports.js";
import { loadConfig } from "../config/env.js";
import { openConfiguredDatabase } from "../startup/open-configured-database.js";
import { DatabaseUnreachableError } from "./unreachable-database.js";

// An operator's mistakes in DATABASE_URL end start-up in one line that says where and why, with
// no stack trace and no password.

const secret = "s".repeat(40);

async function failureOf(databaseUrl: string): Promise<Error> {
  const config = loadConfig({ DATABASE_URL: databaseUrl, SESSION_SECRET: secret, NODE_ENV: "test" });
  return openConfiguredDatabase(config).then(
    () => {
      throw new Error("opened");
    },
    (error: Error) => error,
  );
}

describe("a server database that cannot be used at start", () => {
  it("names the place and the reason when nothing answers, without the password", async () => {
    const port = await closedPort();
    const error = await failureOf(`postgres://portal:hunter2-secret@127.0.0.1:${port}/portal`);
    expect(error).toBeInstanceOf(DatabaseUnreachableError);
    expect(error.message).toBe(
      `Cannot use the database at portal@127.0.0.1:${port}/portal (ECONNREFUSED): nothing answers there (is PostgreSQL running, on that host and port?). Check DATABASE_URL.`,
    );
    expect(error.message).not.toContain("hunter2");
  });

  it.runIf(process.env.DATABASE_URL)("says so for a role the server does not know", async () => {
    const url = new URL(process.env.DATABASE_URL ?? "");
    url.username = "no_such_role";
    url.password = "whatever";
    const error = await failureOf(url.toString());
    expect(error).toBeInstanceOf(DatabaseUnreachableError);
    expect(error.message).toMatch(/^Cannot use the database at no_such_role@.* \(28000\): the role \(user\)/);
  });
});
