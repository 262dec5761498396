/// <reference types="node" />
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// bulletproof-react's rule: a feature never imports another feature (the app layer composes them),
// and shared code (api, lib, components, config, testing) imports no feature at all.

/** The folders of code that every feature may use: calls shared by features, helpers, test doubles. */
const SHARED_LAYERS = new Set(["api", "lib", "components", "config", "testing", "i18n"]);

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), "..");

/**
 * The staff console's features, by domain. Their shared frame and helpers are components/console,
 * lib/console, api/console and testing/console; app/routes/console-pages.tsx composes them.
 */
const CONSOLE_FEATURES = ["desk", "desk-admin", "reports", "information-officer"];
const SOURCE_FILE = /\.(ts|tsx)$/;
const IMPORT_SPECIFIER =
  /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\bexport\s*\*\s*from\s*)["']([^"']+)["']/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return SOURCE_FILE.test(name) ? [path] : [];
  });
}

function importSpecifiers(code: string): string[] {
  return [...code.matchAll(IMPORT_SPECIFIER)].flatMap((match) => (match[1] ? [match[1]] : []));
}

/** The feature a path (relative to src) belongs to, or undefined outside src/features/<name>/. */
function featureOf(pathFromSrc: string): string | undefined {
  const [top, name, ...rest] = pathFromSrc.split(sep);
  return top === "features" && name && rest.length > 0 ? name : undefined;
}

/** Imports in `file` (relative to src) that break the rule, given the file's code. */
function boundaryViolations(file: string, code: string): string[] {
  const ownFeature = featureOf(file);
  const layer = file.split(sep)[0];
  return importSpecifiers(code).filter((specifier) => {
    // Only relative imports can reach another folder of this app (there is no path alias).
    if (!specifier.startsWith(".")) return false;
    const target = relative(SRC, resolve(SRC, dirname(file), specifier));
    const targetFeature = featureOf(target);
    if (targetFeature === undefined) return false;
    if (ownFeature !== undefined) return targetFeature !== ownFeature;
    return SHARED_LAYERS.has(layer ?? "");
  });
}

function violationsUnder(folder: string): string[] {
  return sourceFiles(join(SRC, folder)).flatMap((path) => {
    const file = relative(SRC, path);
    return boundaryViolations(file, readFileSync(path, "utf8")).map((specifier) => `${file} → ${specifier}`);
  });
}

describe("feature boundaries", () => {
  it("finds the cases it is meant to reject (self-check)", () => {
    const crossFeature = `import { useSession } from "../../auth/api/get-session";`;
    expect(boundaryViolations(join("features", "contact-us", "components", "x.tsx"), crossFeature)).toEqual([
      "../../auth/api/get-session",
    ]);
    expect(
      boundaryViolations(join("lib", "x.ts"), `export * from "../features/auth/api/login";`),
    ).toHaveLength(1);
    expect(
      boundaryViolations(join("components", "a", "b.tsx"), `const m = import("../../features/auth/x");`),
    ).toHaveLength(1);
    expect(
      boundaryViolations(
        join("features", "auth", "components", "x.tsx"),
        `import { a } from "../api/login";`,
      ),
    ).toEqual([]);
    expect(boundaryViolations(join("app", "routes", "x.tsx"), `import "../../features/auth/x";`)).toEqual([]);
    expect(
      boundaryViolations(join("api", "x.ts"), `import { y } from "../features/log-query/api/y";`),
    ).toHaveLength(1);
    expect(
      boundaryViolations(join("testing", "x.ts"), `import { y } from "../features/view-query/testing/y";`),
    ).toHaveLength(1);
    // The console's features are features like the others: the desk never reaches the officer's.
    expect(
      boundaryViolations(
        join("features", "desk", "components", "x.tsx"),
        `import { AuditTrailPage } from "../../information-officer/components/audit-trail-page";`,
      ),
    ).toHaveLength(1);
    expect(
      boundaryViolations(
        join("components", "console", "x.tsx"),
        `import "../../features/desk/components/x";`,
      ),
    ).toHaveLength(1);
  });

  it("no feature imports another feature", () => {
    expect(violationsUnder("features")).toEqual([]);
  });

  it("keeps the staff console as features of their own, each composed by the app", () => {
    const features = readdirSync(join(SRC, "features"));
    expect(features.filter((name) => CONSOLE_FEATURES.includes(name)).sort()).toEqual(
      [...CONSOLE_FEATURES].sort(),
    );
    // No one feature holds the whole console again.
    expect(features).not.toContain("console");
    const composed = importSpecifiers(readFileSync(join(SRC, "app", "routes", "console-pages.tsx"), "utf8"))
      .map((specifier) => featureOf(relative(SRC, resolve(SRC, "app", "routes", specifier))))
      .filter((name) => name !== undefined);
    expect(new Set(composed)).toEqual(new Set(CONSOLE_FEATURES));
  });

  it("api, lib, components, config, testing and i18n import no feature", () => {
    expect([
      ...violationsUnder("api"),
      ...violationsUnder("lib"),
      ...violationsUnder("components"),
      ...violationsUnder("config"),
      ...violationsUnder("testing"),
      ...violationsUnder("i18n"),
    ]).toEqual([]);
  });
});
