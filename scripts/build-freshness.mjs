import { createHash } from "node:crypto";
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

// When `npm start` may skip `npm run build`: a stamp written after the last successful build is
// newer than every file the build reads, and names the same files (a removed or renamed source
// changes the list). A stamp rather than the outputs' own times, because tsc -b rewrites only the
// files that changed: an old output beside a new one is no sign of staleness. Directories' own
// times are not used: a build writing dist/ or a .tsbuildinfo changes its workspace's.

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

/** The files under the inputs (relative to `root`), each with its modification time (ms), sorted. */
export function inputFiles(root, inputs = BUILD_INPUTS) {
  const files = [];
  const visit = (relative) => {
    let stat;
    try {
      stat = statSync(path.join(root, relative));
    } catch {
      return;
    }
    if (!stat.isDirectory()) {
      if (!relative.endsWith(".tsbuildinfo")) files.push({ path: relative, mtimeMs: stat.mtimeMs });
      return;
    }
    for (const name of readdirSync(path.join(root, relative))) {
      if (!SKIPPED.has(name)) visit(path.join(relative, name));
    }
  };
  for (const input of inputs) visit(input);
  return files.sort((a, b) => (a.path < b.path ? -1 : 1));
}

/** What the stamp holds: a digest of the input files' names. */
export function inputSignature(files) {
  return createHash("sha256")
    .update(files.map((file) => file.path).join("\n"))
    .digest("hex");
}

/**
 * True when the build need not run: the stamp and every output exist, the stamp names the same
 * input files and is newer than every one. Paths are relative to `root`.
 */
export function buildIsFresh(root, { inputs = BUILD_INPUTS, outputs, stamp }) {
  let stampTime;
  let signature;
  try {
    stampTime = statSync(path.join(root, stamp)).mtimeMs;
    signature = readFileSync(path.join(root, stamp), "utf8").trim();
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
  const files = inputFiles(root, inputs);
  return inputSignature(files) === signature && files.every((file) => file.mtimeMs < stampTime);
}
