import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// Every decision record says when it was taken and whether it still holds (docs/decisions/). A
// record replaced by another names it, so a reader who lands on the old one is sent on.

const DECISIONS = join(dirname(fileURLToPath(import.meta.url)), "../../../docs/decisions");
const records = readdirSync(DECISIONS).filter((name) => /^\d{4}-.+\.md$/.test(name));

/** The Date and Status lines under the title, or what is missing. */
function header(text: string): { date?: string; status?: string } {
  const head = text.split("\n").slice(0, 8);
  const date = head.find((line) => /^Date: \d{4}-\d{2}-\d{2}/.test(line));
  const status = head.find((line) => /^(?:Status: |.*\| Status: )/.test(line));
  const inline = head.find((line) => /^Date: .*\. Status: /.test(line));
  return {
    date: date ?? inline,
    status: status ?? (inline ? inline.slice(inline.indexOf("Status: ")) : undefined),
  };
}

describe("decision records", () => {
  it("are numbered without gaps", () => {
    const numbers = records.map((name) => Number(name.slice(0, 4)));
    expect(numbers).toEqual(numbers.map((_, index) => index + 1));
  });

  it.each(records)("%s has a Date and a Status under its title", (name) => {
    const { date, status } = header(readFileSync(join(DECISIONS, name), "utf8"));
    expect(date, `${name}: a "Date: yyyy-mm-dd" line`).toBeDefined();
    expect(status, `${name}: a "Status: …" line`).toMatch(
      /Status: (?:accepted|proposed|replaced|superseded)/,
    );
  });

  it.each(records)("%s, when replaced, names the record that replaces it", (name) => {
    const { status = "" } = header(readFileSync(join(DECISIONS, name), "utf8"));
    if (/Status: (?:replaced|superseded)/.test(status)) expect(status).toMatch(/\bby \d{4}\b/);
  });
});
