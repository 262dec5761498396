import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { buildIsFresh } from "../../../../scripts/build-freshness.mjs";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function file(root: string, relative: string, secondsAgo: number): void {
  const full = path.join(root, relative);
  mkdirSync(path.dirname(full), { recursive: true });
  writeFileSync(full, "x");
  const when = new Date(Date.now() - secondsAgo * 1000);
  utimesSync(full, when, when);
  // A directory's own time counts (a removed file): the test's directories are made old.
  for (let dir = path.dirname(full); dir.startsWith(root); dir = path.dirname(dir)) {
    utimesSync(dir, new Date(0), new Date(0));
  }
}

function tree(): string {
  const root = mkdtempSync(path.join(tmpdir(), "freshness-"));
  dirs.push(root);
  file(root, "web/src/app.tsx", 100);
  file(root, "web/index.html", 100);
  file(root, "web/dist/index.html", 50);
  file(root, "web/node_modules/x/y.js", 1); // never an input
  file(root, "stamp", 40);
  return root;
}
const options = { inputs: ["web"], outputs: ["web/dist/index.html"], stamp: "stamp" };

describe("buildIsFresh", () => {
  it("is fresh when the stamp is newer than every input", () => {
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
  it("is stale without a stamp or without an output", () => {
    const root = tree();
    expect(buildIsFresh(root, { ...options, stamp: "no-stamp" })).toBe(false);
    expect(buildIsFresh(root, { ...options, outputs: ["web/dist/missing.js"] })).toBe(false);
  });
});
