import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../config/env.js";
import { createHelpSearch } from "./help-index.js";

// Thirty questions members ask, each with the shipped fragment that answers it
// (member-questions.json). The search must put that fragment among its top three for at least
// 90 % of them. A failing run prints the misses, so a change to the content or to the synonyms
// that loses a question is seen.
interface MemberQuestion {
  question: string;
  expectedPath: string;
}

const here = path.dirname(fileURLToPath(import.meta.url));
const questions: MemberQuestion[] = JSON.parse(
  fs.readFileSync(path.join(here, "member-questions.json"), "utf8"),
);

describe("the help search on the questions members ask", () => {
  const contentDir = loadConfig({}).CONTENT_DIR;

  it("holds thirty questions, each naming a shipped fragment", () => {
    expect(questions).toHaveLength(30);
    for (const { expectedPath } of questions) {
      expect(fs.existsSync(path.join(contentDir, expectedPath)), expectedPath).toBe(true);
    }
  });

  it("finds the expected fragment among the top three for at least 90 % of them", async () => {
    const help = createHelpSearch(contentDir);
    const misses: string[] = [];
    for (const { question, expectedPath } of questions) {
      const top = await help.search(question, 3);
      if (!top.some((result) => result.path === expectedPath)) {
        misses.push(`${question} → ${top.map((result) => result.path).join(", ") || "nothing"}`);
      }
    }
    const found = questions.length - misses.length;
    expect(found / questions.length, misses.join("\n")).toBeGreaterThanOrEqual(0.9);
  });
});
