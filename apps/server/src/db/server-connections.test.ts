import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { openTestDatabase } from "../../test-support/databases.js";
import { rowsOf } from "./raw-rows.js";

// What every connection of the server's pool is set to before it is handed out.
describe.runIf(process.env.DATABASE_URL)("a PostgreSQL server connection", () => {
  it("runs without JIT compilation or parallel workers, waiting 10 s at most for a lock, on every connection of the pool", async () => {
    const database = await openTestDatabase("postgres");
    try {
      // More at once than one connection, so several are opened.
      const answers = await Promise.all(
        Array.from({ length: 4 }, () =>
          rowsOf<{ jit: string; workers: string; lockWait: string }>(
            database.db,
            sql`select current_setting('jit') as jit,
              current_setting('max_parallel_workers_per_gather') as workers,
              current_setting('lock_timeout') as "lockWait", pg_sleep(0.05)`,
          ),
        ),
      );
      expect(answers.map(([row]) => row?.jit)).toEqual(["off", "off", "off", "off"]);
      expect(answers.map(([row]) => row?.workers)).toEqual(["0", "0", "0", "0"]);
      expect(answers.map(([row]) => row?.lockWait)).toEqual(["10s", "10s", "10s", "10s"]);
    } finally {
      await database.close();
    }
  });
});
