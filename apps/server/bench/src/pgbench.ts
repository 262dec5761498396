import { execFileSync } from "node:child_process";
import fs from "node:fs";
import { LOAD_CONNECTIONS } from "./load.js";
import type { Store } from "./throwaway-store.js";

const PGBENCH = "/usr/lib/postgresql/15/bin/pgbench";

/**
 * What the PostgreSQL server itself answers at the same concurrency: read-only pgbench with
 * prepared statements, in a database of its own. The ceiling the open list is not near; null when
 * pgbench is not installed (it comes with the postgresql-15 package the bench script installs).
 */
export function pgbenchTps(store: Store, seconds: number): number | null {
  const url = store.env.DATABASE_URL;
  if (!url || !fs.existsSync(PGBENCH)) return null;
  execFileSync(PGBENCH, ["--initialize", "--quiet", "--scale=10", url], { stdio: "ignore" });
  const output = execFileSync(
    PGBENCH,
    [
      "--select-only",
      "--protocol=prepared",
      `--client=${LOAD_CONNECTIONS}`,
      "--jobs=2",
      `--time=${seconds}`,
      url,
    ],
    { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] },
  );
  const tps = /tps = ([\d.]+)/.exec(output)?.[1];
  if (!tps) throw new Error(`pgbench printed no tps:\n${output}`);
  return Number(tps);
}
