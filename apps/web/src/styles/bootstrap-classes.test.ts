/// <reference types="node" />
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { bootstrapCss } from "../testing/compiled-styles";

// bootstrap.scss compiles only the Bootstrap parts and utility classes the portal uses
// (_utility-subset.scss), to keep the first load's CSS small. This fails when the source names a
// class that Bootstrap has but the portal's build leaves out, which would otherwise only show as
// a missing style: add the utility's value to _utility-subset.scss, or the part to bootstrap.scss.

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const FULL_BOOTSTRAP = join(
  SRC,
  "..",
  "..",
  "..",
  "node_modules",
  "bootstrap",
  "dist",
  "css",
  "bootstrap.css",
);

/**
 * Words in the source that are Bootstrap class names but are not used as classes here: an event
 * name (the upload's "progress"), an ARIA role ("tooltip") and the like.
 */
const NOT_CLASSES = new Set(["progress", "tooltip"]);

function classNames(css: string): Set<string> {
  return new Set(
    [...css.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)].flatMap((match) => (match[1] ? [match[1]] : [])),
  );
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === "testing" ? [] : sourceFiles(path);
    // A *.messages.ts file holds texts for people, never class names ("showing" is both).
    return /\.tsx?$/.test(name) && !/\.(test|messages)\.tsx?$/.test(name) ? [path] : [];
  });
}

/** Every whitespace-separated word inside a string or template literal of the app's source. */
function wordsInStrings(code: string): string[] {
  return [...code.matchAll(/"([^"\n]*)"|'([^'\n]*)'|`([^`]*)`/g)].flatMap((match) =>
    (match[1] ?? match[2] ?? match[3] ?? "")
      .replace(/\$\{[^}]*\}/g, " ")
      .split(/\s+/)
      .filter(Boolean),
  );
}

describe("the Bootstrap classes the portal uses", () => {
  it("are all in its build of Bootstrap", () => {
    const bootstrap = classNames(readFileSync(FULL_BOOTSTRAP, "utf8"));
    const built = classNames(bootstrapCss());
    const missing = sourceFiles(SRC).flatMap((file) =>
      wordsInStrings(readFileSync(file, "utf8"))
        .filter((word) => bootstrap.has(word) && !built.has(word) && !NOT_CLASSES.has(word))
        .map((word) => `${relative(SRC, file)}: ${word}`),
    );
    expect(missing).toEqual([]);
  });

  it("finds a class the build leaves out (self-check)", () => {
    const built = classNames(bootstrapCss());
    expect(built.has("mt-3")).toBe(true);
    expect(built.has("mt-md-3")).toBe(false);
    expect(wordsInStrings('<p className="mt-md-3 small">')).toContain("mt-md-3");
  });
});
