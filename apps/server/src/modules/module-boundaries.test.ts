import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, posix, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// The server's modules (src/modules/<name>/) and how they may import each other:
//
//   (a) Code outside a module imports it only through its public entry, modules/<name>/index.ts;
//       a module's own files import each other directly, never their own index.ts (a barrel that
//       re-exports the file importing it is a cycle of its own).
//   (b) No cycle between modules. Module A depends on B when a file of A imports a file of B,
//       directly or through files outside modules (lib/, db/, config/, …), type-only imports too:
//       a type is part of the API the other module offers.
//   (c) The lower layers, lib/, db/, config/ and app-context.ts, import no module: modules build on
//       them. The top, app.ts, server.ts, cli/, startup/, demo/, composes the modules.
//
//   (d) The shipped source (src/, tests aside) imports nothing outside src/: test support and the
//       modules' test helpers live in apps/server/test-support/, which tsconfig.json does not compile.
//
// Only the application's own code is read: what apps/server/tsconfig.json compiles, so no tests.
// Nothing imports a test, so a test cannot close a cycle, and a test may set up and inspect another
// module through its inner files and test helpers (making the index export those would turn test
// doubles into the module's API).

/**
 * Known breaches of (a) and (c), each exactly "importing file → imported file" (paths from src/).
 * This list only shrinks: fix an import and remove its entry (the test fails on an entry whose
 * import is gone or has become legal); never add one.
 */
const ALLOWED_BREACHES: readonly string[] = [
  // The OpenAPI document's map of services (lib/) names the session cookie and smart-inquiry's
  // path: it composes modules as app.ts does, so it belongs beside app.ts rather than in lib/.
  "lib/openapi-services.ts → modules/session/index.ts",
  "lib/openapi-services.ts → modules/smart-inquiry/index.ts",
];

/** Imports that break (a) on purpose, with the reason. These stay; they are checked like the rest. */
const DELIBERATE_EXCEPTIONS: ReadonlyMap<string, string> = new Map([
  [
    "tracing.ts → modules/monitoring/tracing-setup.ts",
    "the OpenTelemetry SDK is loaded by the preload, before pg and fastify, and only when traces are " +
      "sent; monitoring's index loads pg (its metrics), which must be patched first",
  ],
]);

const SRC = join(dirname(fileURLToPath(import.meta.url)), "..");
const LOWER_LAYERS = ["lib/", "db/", "config/", "app-context.ts"];
const NOT_APPLICATION_CODE = /\.test\.ts$/;

/** file (from src/, "/"-separated) → the files it imports (the same), relative imports only. */
type ImportGraph = ReadonlyMap<string, readonly string[]>;

// A static import or re-export starts a line (top level) and names its source after `from`, or
// is a bare `import "x"`; a dynamic import(…) may sit anywhere but in a comment.
const STATIC_IMPORT = /^(?:import|export)\s[^"';]*?\bfrom\s*["']([^"']+)["']|^import\s*["']([^"']+)["']/gm;
const DYNAMIC_IMPORT = /^(.*?)\bimport\s*\(\s*["']([^"']+)["']\s*\)/gm;

function importSpecifiers(code: string): string[] {
  const found = [...code.matchAll(STATIC_IMPORT)].map((match) => match[1] ?? match[2] ?? "");
  for (const match of code.matchAll(DYNAMIC_IMPORT)) {
    const before = (match[1] ?? "").trimStart();
    if (!before.startsWith("//") && !before.startsWith("*")) found.push(match[2] ?? "");
  }
  return found.filter((specifier) => specifier !== "");
}

/** The file a relative specifier names, from src/; undefined for a package. */
function resolveImport(importer: string, specifier: string): string | undefined {
  if (!specifier.startsWith(".")) return undefined;
  return posix.join(posix.dirname(importer), specifier).replace(/\.js$/, ".ts");
}

function graphOf(files: ReadonlyMap<string, string>): ImportGraph {
  return new Map(
    [...files].map(([file, code]) => [
      file,
      importSpecifiers(code).flatMap((specifier) => resolveImport(file, specifier) ?? []),
    ]),
  );
}

/** The module a file belongs to ("members" for modules/members/x.ts), or undefined. */
function moduleOf(file: string): string | undefined {
  const [top, name, ...rest] = file.split("/");
  return top === "modules" && name && rest.length > 0 ? name : undefined;
}

const isIndex = (file: string) => /^modules\/[^/]+\/index\.ts$/.test(file);

/** Every import that breaks (a) or (c), as "importing file → imported file". */
function boundaryBreaches(graph: ImportGraph): string[] {
  const breaches: string[] = [];
  for (const [importer, targets] of graph) {
    const own = moduleOf(importer);
    const lower = LOWER_LAYERS.some((layer) => importer === layer || importer.startsWith(layer));
    for (const target of targets) {
      const other = moduleOf(target);
      if (other === undefined) continue;
      const ownIndex = other === own && isIndex(target) && importer !== target;
      const innerFile = other !== own && !isIndex(target);
      if (ownIndex || innerFile || lower) breaches.push(`${importer} → ${target}`);
    }
  }
  return [...new Set(breaches)].sort();
}

/**
 * The modules each module depends on: through its files' imports of another module's files, and
 * through files outside modules that lead on to one (app.ts, lib/, …), however many in a row.
 */
function moduleDependencies(graph: ImportGraph): Map<string, Set<string>> {
  const reached = new Map<string, Set<string>>();
  /** The modules a file outside modules leads to. */
  const modulesThrough = (file: string, seen: Set<string>): Set<string> => {
    const out = new Set<string>();
    if (seen.has(file)) return out;
    seen.add(file);
    for (const target of graph.get(file) ?? []) {
      const module = moduleOf(target);
      if (module !== undefined) out.add(module);
      else for (const further of modulesThrough(target, seen)) out.add(further);
    }
    return out;
  };
  for (const [file, targets] of graph) {
    const own = moduleOf(file);
    if (own === undefined) continue;
    const deps = reached.get(own) ?? new Set<string>();
    reached.set(own, deps);
    for (const target of targets) {
      const module = moduleOf(target);
      const through = module === undefined ? modulesThrough(target, new Set()) : new Set([module]);
      for (const dep of through) if (dep !== own) deps.add(dep);
    }
  }
  return reached;
}

/**
 * The cycles between modules, one per group of modules that reach each other (Tarjan's strongly
 * connected components), each shown as a path back to its start: "a → b → a".
 */
function moduleCycles(deps: ReadonlyMap<string, ReadonlySet<string>>): string[] {
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const groups: string[][] = [];
  const visit = (node: string) => {
    order.set(node, order.size);
    low.set(node, order.get(node) ?? 0);
    stack.push(node);
    for (const next of deps.get(node) ?? []) {
      if (!order.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(next) ?? 0));
      } else if (stack.includes(next)) {
        low.set(node, Math.min(low.get(node) ?? 0, order.get(next) ?? 0));
      }
    }
    if (low.get(node) !== order.get(node)) return;
    const group: string[] = [];
    for (let top = stack.pop(); top !== undefined; top = top === node ? undefined : stack.pop()) {
      group.push(top);
    }
    if (group.length > 1) groups.push(group);
  };
  for (const node of [...deps.keys()].sort()) if (!order.has(node)) visit(node);
  return groups.map((group) => shortestCycle(deps, group.sort()[0] ?? "", new Set(group))).sort();
}

/** The shortest way from `start` back to itself within `group`, written "start → … → start". */
function shortestCycle(deps: ReadonlyMap<string, ReadonlySet<string>>, start: string, group: Set<string>) {
  const cameFrom = new Map<string, string>();
  const queue = [start];
  for (let node = queue.shift(); node !== undefined; node = queue.shift()) {
    for (const next of [...(deps.get(node) ?? [])].sort()) {
      if (!group.has(next) || cameFrom.has(next)) continue;
      cameFrom.set(next, node);
      if (next === start) {
        const path = [start];
        for (let at = node; at !== start; at = cameFrom.get(at) ?? start) path.unshift(at);
        return [start, ...path].join(" → ");
      }
      queue.push(next);
    }
  }
  return [...group].join(" ↔ ");
}

function applicationFiles(dir = SRC): Map<string, string> {
  const files = new Map<string, string>();
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      for (const [file, code] of applicationFiles(path)) files.set(file, code);
      continue;
    }
    const file = relative(SRC, path).split(sep).join("/");
    if (file.endsWith(".ts") && !file.endsWith(".d.ts") && !NOT_APPLICATION_CODE.test(file)) {
      files.set(file, readFileSync(path, "utf8"));
    }
  }
  return files;
}

describe("module boundaries", () => {
  it("finds the breaches and cycles it is meant to find (self-check)", () => {
    const code = [
      `import { a } from "../members/members-repository.js";`,
      `import type {`,
      `  B,`,
      `} from "../access/index.js";`,
      `export * from "./own.js";`,
      `export { c } from "../mail/index.js";`,
      `export const NAME = "not an import";`,
      `// import { d } from "../storage/blob-store.js";`,
      `const lazy = () => import("../monitoring/spans.js");`,
      `import "./side-effect.js";`,
    ].join("\n");
    expect(importSpecifiers(code)).toEqual([
      "../members/members-repository.js",
      "../access/index.js",
      "./own.js",
      "../mail/index.js",
      "./side-effect.js",
      "../monitoring/spans.js",
    ]);

    const graph: ImportGraph = new Map([
      ["modules/gateway/login.ts", ["modules/members/members-repository.ts", "modules/access/index.ts"]],
      ["modules/gateway/routes.ts", ["modules/gateway/index.ts", "modules/gateway/login.ts"]],
      ["modules/members/index.ts", ["modules/members/members-repository.ts"]],
      ["modules/members/members-repository.ts", ["lib/throttle.ts"]],
      ["lib/throttle.ts", ["modules/gateway/index.ts"]],
      ["modules/access/index.ts", ["db/schema.ts"]],
      ["app.ts", ["modules/gateway/index.ts", "modules/members/index.ts"]],
    ]);
    expect(boundaryBreaches(graph)).toEqual([
      "lib/throttle.ts → modules/gateway/index.ts",
      "modules/gateway/login.ts → modules/members/members-repository.ts",
      "modules/gateway/routes.ts → modules/gateway/index.ts",
    ]);
    // members reaches gateway through lib/: a cycle all the same.
    expect(moduleCycles(moduleDependencies(graph))).toEqual(["gateway → members → gateway"]);

    const longer = new Map([
      ["a", new Set(["b"])],
      ["b", new Set(["c"])],
      ["c", new Set(["a", "d"])],
      ["d", new Set<string>()],
      ["e", new Set(["f"])],
      ["f", new Set(["e"])],
    ]);
    expect(moduleCycles(longer)).toEqual(["a → b → c → a", "e → f → e"]);
    expect(
      moduleCycles(
        new Map([
          ["a", new Set(["b"])],
          ["b", new Set<string>()],
        ]),
      ),
    ).toEqual([]);
  });

  const graph = graphOf(applicationFiles());

  it("reads the application's modules", () => {
    const modules = new Set([...graph.keys()].flatMap((file) => moduleOf(file) ?? []));
    expect(modules).toContain("gateway");
    expect(modules).toContain("members");
    expect(graph.get("app.ts")?.length).toBeGreaterThan(10);
  });

  it("has no cycle between modules", () => {
    expect(moduleCycles(moduleDependencies(graph))).toEqual([]);
  });

  it("imports other modules only through their index.ts, and lib/, db/, config/ import none", () => {
    const breaches = boundaryBreaches(graph);
    const known = new Set([...ALLOWED_BREACHES, ...DELIBERATE_EXCEPTIONS.keys()]);
    expect(breaches.filter((breach) => !known.has(breach))).toEqual([]);
    // An entry whose import is gone or now legal: remove it, so the list stays the debt that is left.
    expect([...known].filter((entry) => !breaches.includes(entry))).toEqual([]);
  });

  it("ships nothing that imports from outside src/, test support included", () => {
    const outside = [...graph].flatMap(([file, targets]) =>
      targets.filter((target) => target.startsWith("../")).map((target) => `${file} → ${target}`),
    );
    expect(outside).toEqual([]);
  });
});
