import { readdirSync, statSync } from "node:fs";
import path from "node:path";

// When `npm start` may skip `npm run build`: a stamp written after the last successful build is
// newer than every file the build reads. A stamp rather than the outputs' own times, because
// tsc -b rewrites only the files that changed: an old output beside a new one is no sign of staleness.

/** What the build reads: the three workspaces' sources and configuration, and the root's. */
export const BUILD_INPUTS = [
  "packages/domain",
  "apps/server",
  "apps/web",
  "package.json",
  "package-lock.json",
  "tsconfig.base.json",
];

/** Never inputs: what a build or npm ci writes, and the embedded database's data. */
const SKIPPED = new Set(["node_modules", "dist", "data", "test-results", "coverage", ".tmp"]);

/** The newest modification time (ms) of the files under `entry`, 0 if there are none. */
export function newestInputTime(entry) {
  let stat;
  try {
    stat = statSync(entry);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return entry.endsWith(".tsbuildinfo") ? 0 : stat.mtimeMs;
  let newest = stat.mtimeMs; // a removed file changes its directory's time
  for (const name of readdirSync(entry)) {
    if (SKIPPED.has(name)) continue;
    newest = Math.max(newest, newestInputTime(path.join(entry, name)));
  }
  return newest;
}

/**
 * True when the build need not run: the stamp and every output exist, and the stamp is newer
 * than every input. Paths are relative to `root`.
 */
export function buildIsFresh(root, { inputs = BUILD_INPUTS, outputs, stamp }) {
  let stampTime;
  try {
    stampTime = statSync(path.join(root, stamp)).mtimeMs;
  } catch {
    return false;
  }
  for (const output of outputs) {
    try {
      statSync(path.join(root, output));
    } catch {
      return false;
    }
  }
  return inputs.every((input) => newestInputTime(path.join(root, input)) < stampTime);
}
