import { existsSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { DEMO_MEMBERS, DEMO_STAFF } from "./modules/members/index.js";

// The README is for a newcomer: short, with the two commands and every demo log-in the start
// prints; the reference lives in docs/, and every link into it leads somewhere.

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");
const readme = readFileSync(join(ROOT, "README.md"), "utf8");

/** The relative link targets of a Markdown file, without their #fragment. */
function relativeLinks(markdown: string): string[] {
  return [...markdown.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((match) => (match[1] ?? "").split("#")[0] ?? "")
    .filter((target) => target !== "" && !/^[a-z]+:/i.test(target));
}

describe("the README", () => {
  it("is at most 200 lines", () => {
    expect(readme.split("\n").length).toBeLessThanOrEqual(200);
  });

  it("has exactly the two set-up commands", () => {
    expect(readme).toContain("```sh\nnpm ci && npm start\n```");
    expect(readme).toContain("```sh\nnpm ci && npm test\n```");
  });

  it("lists every demo log-in with its password", () => {
    for (const { username, password } of [...DEMO_MEMBERS, ...DEMO_STAFF]) {
      expect(readme).toContain(`| \`${username}\` | \`${password}\` |`);
    }
  });

  it.each(["README.md", ...relativeLinks(readme).filter((target) => target.endsWith(".md"))])(
    "%s links only to files that exist",
    (file) => {
      const path = join(ROOT, file);
      const markdown = readFileSync(path, "utf8");
      for (const target of relativeLinks(markdown)) {
        expect(existsSync(join(dirname(path), target)), `${file} → ${target}`).toBe(true);
      }
    },
  );
});
