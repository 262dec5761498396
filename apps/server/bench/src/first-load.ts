import fs from "node:fs/promises";
import path from "node:path";
import zlib from "node:zlib";

/** The member's first load at most (requirements §10.16), in bytes of gzip (1 KB = 1000 bytes). */
export const FIRST_LOAD_BUDGET = { jsGzipBytes: 110_000, cssGzipBytes: 25_000 } as const;

/**
 * What a browser must download to show a logged-out member's first screen, from the web build
 * (apps/web/dist): the entry script of index.html, its modulepreload links and every chunk those
 * import statically, and the stylesheets index.html links. Chunks loaded by a dynamic import()
 * (lazy routes) are not part of it. Each file counts with its gzip size at level 9: the .gz the
 * build writes beside it, or compressed here the same way when there is none.
 */
export async function firstLoadSizes(
  webDist: string,
): Promise<{ jsGzipBytes: number; cssGzipBytes: number; files: string[] }> {
  const html = await fs.readFile(path.join(webDist, "index.html"), "utf8");
  const tags = [...html.matchAll(/<(script|link)\b[^>]*>/g)].map((match) => match[0]);
  const scripts = tags
    .filter((tag) => tag.startsWith("<script") && attribute(tag, "type") === "module")
    .map((tag) => attribute(tag, "src"));
  const preloads = tags
    .filter((tag) => tag.startsWith("<link") && attribute(tag, "rel") === "modulepreload")
    .map((tag) => attribute(tag, "href"));
  const styles = tags
    .filter((tag) => tag.startsWith("<link") && attribute(tag, "rel") === "stylesheet")
    .map((tag) => attribute(tag, "href"));

  const fromRoot = (href: string | undefined): string => {
    if (!href?.startsWith("/")) throw new Error(`index.html: not a path from the root: ${href}`);
    return path.join(webDist, href);
  };
  const entries = [...scripts, ...preloads].map(fromRoot);
  if (scripts.length === 0) throw new Error("index.html has no module script");

  // Every chunk reachable by static imports from the entry and the preloaded chunks.
  const jsFiles = new Set<string>();
  const pending = [...entries];
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    if (jsFiles.has(file)) continue;
    jsFiles.add(file);
    const source = await fs.readFile(file, "utf8");
    for (const specifier of staticImports(source)) {
      if (!specifier.startsWith("."))
        throw new Error(`${file}: a bare import left in the build: ${specifier}`);
      pending.push(path.resolve(path.dirname(file), specifier));
    }
  }
  const cssFiles = styles.map(fromRoot);

  let jsGzipBytes = 0;
  for (const file of jsFiles) jsGzipBytes += await gzipSize(file);
  let cssGzipBytes = 0;
  for (const file of cssFiles) cssGzipBytes += await gzipSize(file);
  const files = [...jsFiles, ...cssFiles].map((file) => path.relative(webDist, file)).sort();
  return { jsGzipBytes, cssGzipBytes, files };
}

function attribute(tag: string, name: string): string | undefined {
  const match = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`).exec(tag);
  return match ? (match[1] ?? match[2] ?? match[3]) : undefined;
}

/**
 * The specifiers of a built chunk's static imports and re-exports (`import … from "./x.js"`,
 * `import "./x.js"`, `export … from "./x.js"`), not its dynamic `import("./x.js")`. String and
 * template literals and comments are skipped, so text that merely looks like an import is not
 * taken for one.
 */
export function staticImports(source: string): string[] {
  const code = blankLiteralsAndComments(source);
  const found: string[] = [];
  const pattern = /(?<![\w$.])(?:import|export)(?![\w$])\s*(?:[\w$*{},\s]*?\s*from\s*)?(["'])/g;
  for (const match of code.matchAll(pattern)) {
    const start = match.index + match[0].length;
    const end = source.indexOf(match[1] ?? '"', start);
    if (end < 0) continue;
    found.push(source.slice(start, end));
  }
  return found;
}

/**
 * The source with the contents of string, template and regular-expression literals and of
 * comments replaced by spaces (the opening quote kept), so indexes still match the source. A `/`
 * starts a regular expression where an expression may begin (after an operator, an opening
 * bracket, a comma or a keyword such as `return`), and is a division elsewhere.
 */
function blankLiteralsAndComments(source: string): string {
  const out = source.split("");
  const blank = (from: number, to: number) => {
    for (let at = from; at < to; at += 1) if (out[at] !== "\n") out[at] = " ";
  };
  let index = 0;
  while (index < source.length) {
    const char = source[index];
    const next = source[index + 1];
    if (char === "/" && next === "/") {
      const end = source.indexOf("\n", index);
      const stop = end < 0 ? source.length : end;
      blank(index, stop);
      index = stop;
    } else if (char === "/" && next === "*") {
      const end = source.indexOf("*/", index + 2);
      const stop = end < 0 ? source.length : end + 2;
      blank(index, stop);
      index = stop;
    } else if (char === '"' || char === "'" || char === "`") {
      let at = index + 1;
      while (at < source.length && source[at] !== char) at += source[at] === "\\" ? 2 : 1;
      blank(index + 1, at);
      index = at + 1;
    } else if (char === "/" && regexMayStart(source, index)) {
      let at = index + 1;
      let inClass = false;
      while (at < source.length && source[at] !== "\n" && (inClass || source[at] !== "/")) {
        if (source[at] === "[") inClass = true;
        else if (source[at] === "]") inClass = false;
        at += source[at] === "\\" ? 2 : 1;
      }
      blank(index + 1, at);
      index = at + 1;
    } else {
      index += 1;
    }
  }
  return out.join("");
}

const KEYWORDS_BEFORE_EXPRESSION = new Set([
  "return",
  "typeof",
  "instanceof",
  "in",
  "of",
  "new",
  "delete",
  "void",
  "throw",
  "case",
  "do",
  "else",
  "yield",
  "await",
]);

function regexMayStart(source: string, slash: number): boolean {
  let at = slash - 1;
  while (at >= 0 && /\s/.test(source[at] ?? "")) at -= 1;
  if (at < 0) return true;
  const before = source[at] ?? "";
  if ("(,=:[!&|?{};+-*%<>~^".includes(before)) return true;
  if (!/[\w$]/.test(before)) return false;
  let start = at;
  while (start > 0 && /[\w$]/.test(source[start - 1] ?? "")) start -= 1;
  return KEYWORDS_BEFORE_EXPRESSION.has(source.slice(start, at + 1));
}

async function gzipSize(file: string): Promise<number> {
  try {
    return (await fs.stat(`${file}.gz`)).size;
  } catch {
    const bytes = await fs.readFile(file);
    return zlib.gzipSync(bytes, { level: zlib.constants.Z_BEST_COMPRESSION }).length;
  }
}
