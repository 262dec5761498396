/// <reference types="node" />
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// The member's first load (the login screen, requirements §10.16) is what main.tsx imports
// statically, and what that imports in turn; every other screen comes in a chunk of its own, by a
// dynamic import(). This follows those static imports through the source (and into @portal/domain,
// by the names imported from it) and checks what must never be in that download. The sizes
// themselves are measured on the build, by the bench (apps/server/bench/src/first-load.ts).

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const DOMAIN_SRC = resolve(SRC, "..", "..", "..", "packages", "domain", "src");

/** The staff console's folders: its features, and the shared code only the console uses. */
const CONSOLE_FOLDERS = [
  "features/desk/",
  "features/desk-admin/",
  "features/reports/",
  "features/information-officer/",
  "api/console/",
  "lib/console/",
  "components/console/",
  "testing/console/",
];

/** Libraries the login screen does without: the lazily loaded forms and pages bring them. */
const NOT_IN_FIRST_LOAD = [
  "zod",
  "react-hook-form",
  "@hookform/resolvers",
  "dompurify",
  // The console's reply editor (docs/decisions/0023-reply-editor-on-tiptap.md).
  "@tiptap/react",
  "@tiptap/pm",
  "@tiptap/starter-kit",
  "@tiptap/extension-link",
  "@tiptap/extension-table",
  // The console's report charts (docs/decisions/0025-reports.md).
  "chart.js",
];

/** Static imports and re-exports: `import … from "x"`, `import "x"`, `export … from "x"`; not `import("x")`. */
const STATIC_IMPORT =
  /(?:^|[\n;])\s*(import|export)\s+(type\s+)?(?:([\w$*{},\s]+?)\s+from\s+)?["']([^"']+)["']/g;

interface StaticImport {
  specifier: string;
  /** The value names of `import { a, b as c }` (null: a default, namespace or bare import). */
  names: string[] | null;
}

function staticImports(code: string): StaticImport[] {
  const found: StaticImport[] = [];
  for (const match of code.matchAll(STATIC_IMPORT)) {
    const [, , typeOnly, clause = "", specifier = ""] = match;
    if (typeOnly) continue;
    const braces = /^\{([^}]*)\}$/.exec(clause.trim());
    if (!braces) {
      found.push({ specifier, names: null });
      continue;
    }
    const names = (braces[1] ?? "")
      .split(",")
      .map((part) => part.trim())
      .filter((part) => part !== "" && !part.startsWith("type "))
      .map((part) => part.split(/\s+as\s+/)[0] ?? part);
    // `import { type A } from "x"` still loads x (verbatimModuleSyntax keeps the import).
    found.push({ specifier, names });
  }
  return found;
}

function packageName(specifier: string): string {
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : (parts[0] ?? specifier);
}

function resolveFile(from: string, specifier: string): string | undefined {
  const base = resolve(dirname(from), specifier.replace(/\.js$/, ""));
  const candidates = [base, `${base}.ts`, `${base}.tsx`, join(base, "index.ts"), join(base, "index.tsx")];
  return candidates.find((path) => existsSync(path) && statSync(path).isFile());
}

/** Where each value exported by @portal/domain is declared (the package's index only re-exports). */
function domainExports(): Map<string, string> {
  const declared = new Map<string, string>();
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return walk(path);
      return name.endsWith(".ts") && !name.endsWith(".test.ts") ? [path] : [];
    });
  for (const file of walk(DOMAIN_SRC)) {
    const code = readFileSync(file, "utf8");
    for (const match of code.matchAll(
      /\bexport\s+(?:async\s+)?(?:const|let|function|class|enum)\s+([\w$]+)/g,
    )) {
      if (match[1]) declared.set(match[1], file);
    }
  }
  return declared;
}

/** Every file and package main.tsx reaches by static imports, as paths relative to src (or package names). */
function firstLoad(): { files: Set<string>; packages: Set<string> } {
  const declared = domainExports();
  const files = new Set<string>();
  const packages = new Set<string>();
  const pending = [join(SRC, "main.tsx")];
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    if (files.has(file)) continue;
    files.add(file);
    if (!/\.tsx?$/.test(file)) continue;
    for (const { specifier, names } of staticImports(readFileSync(file, "utf8"))) {
      if (specifier.startsWith(".")) {
        const target = resolveFile(file, specifier);
        // Stylesheets and the like: not code, and not followed.
        if (target) pending.push(target);
        continue;
      }
      if (specifier !== "@portal/domain") {
        packages.add(packageName(specifier));
        continue;
      }
      if (names === null) throw new Error(`${file}: import the names it needs from @portal/domain`);
      for (const name of names) {
        const declaring = declared.get(name);
        if (!declaring)
          throw new Error(`${file}: @portal/domain declares no value ${name} (update this test?)`);
        pending.push(declaring);
      }
    }
  }
  const fromSrc = new Set([...files].map((path) => relative(SRC, path).split(sep).join("/")));
  return { files: fromSrc, packages };
}

describe("the member's first load", () => {
  it("reads imports as the bundler does (self-check)", () => {
    const code = [
      `import { a, type B, c as d } from "./x";`,
      `import type { E } from "./types";`,
      `import "./styles.css";`,
      `export * from "./y";`,
      `const lazy = () => import("./later");`,
    ].join("\n");
    expect(staticImports(code)).toEqual([
      { specifier: "./x", names: ["a", "c"] },
      { specifier: "./styles.css", names: null },
      { specifier: "./y", names: null },
    ]);
  });

  const { files, packages } = firstLoad();

  it("holds the login screen, the router and React (so the walk itself works)", () => {
    expect(files).toContain("app/routes/login.tsx");
    expect(files).toContain("features/auth/components/login-form.tsx");
    expect(packages).toContain("react-dom");
    expect(packages).toContain("react-router");
  });

  it("never holds the staff console", () => {
    expect([...files].filter((file) => CONSOLE_FOLDERS.some((folder) => file.startsWith(folder)))).toEqual(
      [],
    );
  });

  it("holds no member page: each comes in its own chunk", () => {
    const pages = [
      "contact-us",
      "view-query",
      "document-submission",
      "my-membership",
      "interaction-timeline",
      "my-data",
    ];
    expect([...files].filter((file) => pages.some((page) => file === `app/routes/${page}.tsx`))).toEqual([]);
  });

  it("holds no category list: the log-a-query form brings the categories and subcategories", () => {
    expect([...files].filter((file) => file.endsWith("packages/domain/src/categories.ts"))).toEqual([]);
  });

  it.each(NOT_IN_FIRST_LOAD)("does without %s", (library) => {
    expect(packages).not.toContain(library);
  });
});
