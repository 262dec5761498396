import fs from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../config/env.js";
import { createHelpSearch, readFragment, sentencesOf } from "./help-index.js";
import {
  FORM_PHRASES,
  mailSummary,
  SUMMARY_MAX_LENGTH,
  suggestible,
  suggestionQuestion,
} from "./suggestions.js";

// The help offered for a reply, over the shipped fragments (content/): by the query's category
// and words, among its channel's fragments, with summaries written for a mail.

const contentDir = loadConfig({}).CONTENT_DIR;
const ROOT = "/fragments/smart-inquiry";
const CLAIMS = `${ROOT}/categories/medical-claims.html`;
const PMB = `${ROOT}/redirects/benefits-and-cover/prescribed-minimum-benefits.html`;
const DELIVERY = `${ROOT}/categories/medxpress-delivery-query.html`;
const isPharmacy = (fragment: string) => fragment.includes("medxpress");

/** Every published fragment's path, as the index names it. */
async function publishedFragments(): Promise<string[]> {
  const found: string[] = [];
  const walk = async (dir: string, segments: string[]) => {
    for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
      if (segments.length === 0 && entry.name === "preview") continue;
      if (entry.isDirectory()) await walk(path.join(dir, entry.name), [...segments, entry.name]);
      else if (entry.name.endsWith(".html")) found.push(`/${[...segments, entry.name].join("/")}`);
    }
  };
  await walk(contentDir, []);
  return found;
}

describe("help suggestions for a reply", () => {
  const help = createHelpSearch(contentDir);

  it("on a claims query that speaks of the pharmacy and medicine, offers the claims help first and nothing of the pharmacy's", async () => {
    const messages = [
      "The pharmacy claim for my chronic medicine was short paid. When will the pharmacy team reply?",
    ];
    // The search the composer asked before, with the words alone, led with the pharmacy's help.
    const before = await help.search(messages[0] ?? "", 5);
    expect(before.some((result) => isPharmacy(result.path))).toBe(true);

    const suggestions = await help.suggest({
      category: "MEDICAL_CLAIMS",
      subCategory: "CLAIM_SHORT_PAID",
      messages,
    });
    expect(suggestions[0]?.path).toBe(CLAIMS);
    expect(suggestions.filter((suggestion) => isPharmacy(suggestion.path))).toEqual([]);
  });

  it("on a medicine-delivery query, offers the pharmacy's help only", async () => {
    const suggestions = await help.suggest({
      category: "MEDXPRESS_DELIVERY_QUERY",
      subCategory: null,
      messages: ["My parcel is late and I need to change my address and check my claim."],
    });
    expect(suggestions[0]?.path).toBe(DELIVERY);
    expect(suggestions.every((suggestion) => isPharmacy(suggestion.path))).toBe(true);
    // The turnaround message is the form's thank-you, not help for a question.
    expect(suggestions.some((suggestion) => suggestion.path.includes("turnaround"))).toBe(false);
  });

  it("finds the category's help from its labels when the words say little", async () => {
    const suggestions = await help.suggest({
      category: "BENEFITS_AND_COVER",
      subCategory: "PRESCRIBED_MINIMUM_BENEFITS",
      messages: ["Please help."],
    });
    expect(suggestions[0]?.path).toBe(PMB);
  });

  it("summarises the help for a mail: the PMB help without 'log your query below'", async () => {
    const [pmb] = await help.suggest({
      category: "BENEFITS_AND_COVER",
      subCategory: "PRESCRIBED_MINIMUM_BENEFITS",
      messages: ["Was my PMB claim paid in full?"],
    });
    expect(pmb?.path).toBe(PMB);
    expect(pmb?.summary).toMatch(/^Prescribed Minimum Benefits \(PMBs\) are a minimum level of cover/);
    expect(pmb?.summary).not.toMatch(/below|log your query/i);
    expect(pmb?.summary.length).toBeLessThanOrEqual(SUMMARY_MAX_LENGTH);
  });

  it("gives every published fragment that may be suggested a summary with none of the form's phrasing", async () => {
    const fragments = (await publishedFragments()).filter(
      (fragment) => suggestible(fragment, "MEDICAL_CLAIMS") || suggestible(fragment, "MEDXPRESS_ORDER_QUERY"),
    );
    expect(fragments.length).toBeGreaterThan(15);
    for (const fragment of fragments) {
      const html = await fs.readFile(path.join(contentDir, fragment), "utf8");
      const sentences = sentencesOf(readFragment(fragment, html).text).map((sentence) => sentence.text);
      const summary = mailSummary(sentences);
      expect({ fragment, empty: summary === "" }).toEqual({ fragment, empty: false });
      for (const phrase of FORM_PHRASES)
        expect({ fragment, phrase: phrase.test(summary) }).toEqual({ fragment, phrase: false });
      // Phrasing of the form the list does not know yet would show here.
      expect({ fragment, form: /\bquery\b.*\bbelow\b|\bbelow\b/i.test(summary) }).toEqual({
        fragment,
        form: false,
      });
    }
  });

  it("keeps whole sentences within the length, cutting only a first sentence longer than it", () => {
    const long = `${"word ".repeat(80)}end.`;
    expect(mailSummary(["Log your query below.", "Short one.", long])).toBe("Short one.");
    const cut = mailSummary([long]);
    expect(cut.length).toBeLessThanOrEqual(SUMMARY_MAX_LENGTH);
    expect(cut.endsWith("…")).toBe(true);
  });

  it("asks with the category's and subcategory's labels, then the newest words, within 200 characters", () => {
    expect(
      suggestionQuestion({
        category: "MEDICAL_CLAIMS",
        subCategory: "CLAIM_SHORT_PAID",
        messages: ["Newest.", "First."],
      }),
    ).toBe("Medical claims Claim short paid Newest. First.");
    expect(
      suggestionQuestion({ category: "OTHER", subCategory: "OTHER", messages: ["word ".repeat(100)] }).length,
    ).toBeLessThanOrEqual(200);
  });
});
