import { DEFAULT_CATEGORIES, findCategory } from "@portal/domain";
import { describe, expect, it } from "vitest";
import { findHelpCategory, keywords } from "./find-help-category";

describe("keywords", () => {
  it("keeps topic words in lower case, drops short and common ones and plural s", () => {
    expect(keywords("Why was my CLAIM not paid? Claims and the benefits!")).toEqual([
      "why",
      "was",
      "claim",
      "paid",
      "claim",
      "benefit",
    ]);
  });
});

describe("findHelpCategory", () => {
  it.each([
    ["My claim was short paid", "MEDICAL_CLAIMS"],
    ["What are the limits of my cover for benefits?", "BENEFITS_AND_COVER"],
    ["cancer treatment", "CHRONIC_CONDITIONS_AND_CANCER"],
    ["How do I change my plan?", "MANAGE_PLAN"],
    ["I want to update my bank details", "MANAGE_PLAN"],
    ["Make an online payment", "MANAGE_PLAN"],
  ])("answers %j with %s", (question, expected) => {
    expect(findHelpCategory(question)?.value).toBe(expected);
  });

  it("finds nothing for an unrelated question or only common words", () => {
    expect(findHelpCategory("Where is the nearest hospital parking?")).toBeUndefined();
    expect(findHelpCategory("other query about the")).toBeUndefined();
    expect(findHelpCategory("")).toBeUndefined();
  });

  it("prefers the category sharing more words", () => {
    // "cover" is in two categories; "benefit" tips it.
    expect(findHelpCategory("cover for a benefit")).toBe(
      findCategory(DEFAULT_CATEGORIES, "BENEFITS_AND_COVER"),
    );
  });
});
