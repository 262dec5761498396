import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { buildIsFresh, inputFiles, inputSignature } from "../../../../scripts/build-freshness.mjs";

// npm start skips the build only when nothing it reads changed since the last one.

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function file(root: string, relative: string, secondsAgo: number, text = "x"): void {
  const full = path.join(root, relative);
  mkdirSync(path.dirname(full), { recursive: true });
  writeFileSync(full, text);
  const when = new Date(Date.now() - secondsAgo * 1000);
  utimesSync(full, when, when);
}

const inputs = ["web"];
const options = { inputs, outputs: ["web/dist/index.html"], stamp: "stamp" };

/** A built tree: sources 100 s old, the build's stamp 40 s old; a workspace directory just written. */
function tree(): string {
  const root = mkdtempSync(path.join(tmpdir(), "freshness-"));
  dirs.push(root);
  file(root, "web/src/app.tsx", 100);
  file(root, "web/index.html", 100);
  file(root, "web/dist/index.html", 1); // an output, never an input
  file(root, "web/node_modules/x/y.js", 1); // never an input
  file(root, "web/tsconfig.tsbuildinfo", 1); // written by tsc -b
  file(root, "stamp", 40, inputSignature(inputFiles(root, inputs)));
  return root;
}

describe("buildIsFresh", () => {
  it("is fresh when the stamp is newer than every input and names the same files", () => {
    expect(buildIsFresh(tree(), options)).toBe(true);
  });
  it("is stale when a source is newer than the stamp", () => {
    const root = tree();
    file(root, "web/src/app.tsx", 10);
    expect(buildIsFresh(root, options)).toBe(false);
  });
  it("is stale when a file directly under an input is newer (index.html)", () => {
    const root = tree();
    file(root, "web/index.html", 10);
    expect(buildIsFresh(root, options)).toBe(false);
  });
  it("is stale when a source was removed, or an old one added", () => {
    const removed = tree();
    rmSync(path.join(removed, "web/index.html"));
    expect(buildIsFresh(removed, options)).toBe(false);
    const added = tree();
    file(added, "web/src/old-copy.tsx", 500);
    expect(buildIsFresh(added, options)).toBe(false);
  });
  it("is stale without a stamp or without an output", () => {
    const root = tree();
    expect(buildIsFresh(root, { ...options, stamp: "no-stamp" })).toBe(false);
    expect(buildIsFresh(root, { ...options, outputs: ["web/dist/missing.js"] })).toBe(false);
  });
});
