/// <reference types="node" />
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { formatter } from "@lingui/format-po";
import {
  DEFAULT_MEMBER_LANGUAGE,
  ERROR_MESSAGES,
  MEMBER_LANGUAGES,
  NO_AGENT_RESPONSE_YET,
  REPLY_PROMISES,
  TIMELINE_NOTE,
  TRANSLATED_LANGUAGES,
  VALIDATION_MESSAGES,
} from "@portal/domain";
import { describe, expect, it } from "vitest";
import { LEAVES_PORTAL_NOTE } from "../components/layouts/site-footer";
import { catalogueProblems } from "../i18n/build/catalogue-check";
import { readSourceMessages, SOURCE_MESSAGES_FILE } from "../i18n/build/source-messages";
import { CATALOGUE_LOADERS } from "../i18n/offered-languages";

// The member screens' catalogues against the screens' messages: every offered
// language complete and well formed, every other one at least well formed.

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const LOCALES = join(SRC, "locales");
const REVIEW_STATUSES = [
  "drafted, not reviewed by a first-language speaker",
  "reviewed by a first-language speaker",
];

function messageFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return messageFiles(path);
    return SOURCE_MESSAGES_FILE.test(name) ? [path] : [];
  });
}

const english: Record<string, string> = {};
for (const file of messageFiles(SRC)) {
  for (const { id, message } of readSourceMessages(readFileSync(file, "utf8"), file)) english[id] = message;
}

async function readCatalogue(language: string) {
  const content = readFileSync(join(LOCALES, `${language}.po`), "utf8");
  const catalogue = await formatter({ explicitIdAsDefault: true }).parse(content, {
    locale: language,
    sourceLocale: DEFAULT_MEMBER_LANGUAGE,
    filename: `${language}.po`,
  });
  const translations = Object.fromEntries(
    Object.entries(catalogue)
      .filter(([, entry]) => !entry.obsolete)
      .map(([id, entry]) => [id, entry.translation]),
  );
  const reviewStatus = /^"X-Review-Status: (.*)\\n"$/m.exec(content)?.[1];
  return { translations, reviewStatus };
}

describe("the member screens' catalogues", () => {
  it("finds the screens' messages", () => {
    expect(Object.keys(english).length).toBeGreaterThan(20);
  });

  it("spells email as the specification does, never e-mail", () => {
    expect(Object.entries(english).filter(([, message]) => /e-mail/i.test(message))).toEqual([]);
  });

  it("has the specification's English texts verbatim", () => {
    expect({
      "login.usernameRequired": english["login.usernameRequired"],
      "login.passwordRequired": english["login.passwordRequired"],
      "openQueries.loadFailed": english["openQueries.loadFailed"],
      "logQuery.replyPromise": english["logQuery.replyPromise"],
      "logQuery.timelineNote": english["logQuery.timelineNote"],
      "layout.footer.leavesPortal": english["layout.footer.leavesPortal"],
      "validation.category": english["validation.category"],
      "validation.email": english["validation.email"],
      "validation.queryDetail": english["validation.queryDetail"],
      "validation.updateDetail": english["validation.updateDetail"],
      "viewQuery.outdatedQuery": english["viewQuery.outdatedQuery"],
      "viewQuery.fetchFailed": english["viewQuery.fetchFailed"],
      "viewQuery.noReplyYet": english["viewQuery.noReplyYet"],
      "updateQuery.replyPromise": english["updateQuery.replyPromise"],
      "updateQuery.updateFailed": english["updateQuery.updateFailed"],
      "updateQuery.attachmentRule": english["updateQuery.attachmentRule"],
      "documentSubmission.loadFailed": english["documentSubmission.loadFailed"],
      "interactionTimeline.note": english["interactionTimeline.note"],
      "interactionTimeline.loadFailed": english["interactionTimeline.loadFailed"],
    }).toEqual({
      "login.usernameRequired": VALIDATION_MESSAGES.username,
      "login.passwordRequired": VALIDATION_MESSAGES.password,
      "openQueries.loadFailed": ERROR_MESSAGES.openQueriesLoad,
      "logQuery.replyPromise": REPLY_PROMISES.newQuery,
      "logQuery.timelineNote": TIMELINE_NOTE,
      "layout.footer.leavesPortal": LEAVES_PORTAL_NOTE,
      "validation.category": VALIDATION_MESSAGES.category,
      "validation.email": VALIDATION_MESSAGES.email,
      "validation.queryDetail": VALIDATION_MESSAGES.queryDetail,
      "validation.updateDetail": VALIDATION_MESSAGES.updateDetail,
      "viewQuery.outdatedQuery": ERROR_MESSAGES.outdatedQuery,
      "viewQuery.fetchFailed": ERROR_MESSAGES.queryFetch,
      "viewQuery.noReplyYet": NO_AGENT_RESPONSE_YET,
      "updateQuery.replyPromise": REPLY_PROMISES.update,
      "updateQuery.updateFailed": ERROR_MESSAGES.update,
      "updateQuery.attachmentRule": ERROR_MESSAGES.attachmentRule,
      "documentSubmission.loadFailed": ERROR_MESSAGES.documentSubmission,
      "interactionTimeline.note": TIMELINE_NOTE,
      "interactionTimeline.loadFailed": ERROR_MESSAGES.openQueriesLoad,
    });
  });

  it("has the English catalogue as the screens say it (else run npm run i18n:extract)", async () => {
    const { translations } = await readCatalogue(DEFAULT_MEMBER_LANGUAGE);
    expect(translations).toEqual(english);
  });

  it("has a catalogue for every member language, none malformed", async () => {
    for (const { code } of MEMBER_LANGUAGES) {
      const { translations } = await readCatalogue(code);
      const translated = TRANSLATED_LANGUAGES.includes(code);
      expect(catalogueProblems(code, english, translations, { complete: translated })).toEqual([]);
    }
  });

  it("loads a catalogue for each translated language and for no other", () => {
    const loaded = Object.keys(CATALOGUE_LOADERS).sort();
    expect(loaded).toEqual(TRANSLATED_LANGUAGES.filter((code) => code !== DEFAULT_MEMBER_LANGUAGE).sort());
  });

  it("says of each translated language's catalogue whether a first-language speaker reviewed it", async () => {
    for (const code of TRANSLATED_LANGUAGES) {
      if (code === DEFAULT_MEMBER_LANGUAGE) continue;
      const { reviewStatus } = await readCatalogue(code);
      expect(REVIEW_STATUSES, code).toContain(reviewStatus);
    }
  });
});
