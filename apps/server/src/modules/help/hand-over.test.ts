import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { HELP_SEARCH_MAX_LENGTH } from "@portal/domain";
import { describe, expect, it } from "vitest";
import { asksForPerson } from "./hand-over.js";

const here = path.dirname(fileURLToPath(import.meta.url));
const memberQuestions: { question: string }[] = JSON.parse(
  fs.readFileSync(path.join(here, "member-questions.json"), "utf8"),
);

describe("asksForPerson", () => {
  it.each([
    "Can I speak to a person?",
    "I want to talk to a human",
    "speak to an agent please",
    "Can I speak with a consultant",
    "Please call me",
    "Can someone call me back?",
    "I'd like to talk to someone",
    "CHAT TO A REAL PERSON!!",
    "Is there a live agent?",
    "How do I contact a consultant",
    "talk to one of your consultants",
    "Can I speak to somebody about my claim?",
  ])("hands %j over to a person", (question) => {
    expect(asksForPerson(question)).toBe(true);
  });

  it.each([
    "How do I submit a claim?",
    "Where is my medicine delivery?",
    "person number on my card",
    "How do I update my phone number?",
    "Who can speak for my child on the policy?",
    "call centre hours for claims",
  ])("leaves %j to the help search", (question) => {
    expect(asksForPerson(question)).toBe(false);
  });

  it("hands none of the thirty questions members ask over", () => {
    for (const { question } of memberQuestions) {
      expect(asksForPerson(question), question).toBe(false);
    }
  });

  it("reads the question only as far as the search does", () => {
    // A request past HELP_SEARCH_MAX_LENGTH is not read; one within it is.
    expect(asksForPerson(`${"talk to ".repeat(50)}a person`)).toBe(false);
    expect(asksForPerson(`${"a".repeat(HELP_SEARCH_MAX_LENGTH - 20)} speak to a person`)).toBe(true);
  });
});
