import { readFileSync } from "node:fs";
import { DEFAULT_MEMBER_LANGUAGE, TRANSLATED_LANGUAGES } from "@portal/domain";
import { parsePo } from "pofile-ts";
import { describe, expect, it } from "vitest";
import { accountMailMessages } from "./account-mail.messages.js";
import { mailTexts } from "./mail-texts.js";
import { memberMailMessages } from "./member-mail.messages.js";

// The mails' catalogues (apps/server/locales): current with the source messages, and every
// translated language complete, with the same placeholders and bold parts as the English.

const CATALOGUES = new URL("../../../../locales/", import.meta.url);
const messages = [...Object.values(memberMailMessages), ...Object.values(accountMailMessages)];

function catalogue(language: string): Map<string, string> {
  const po = parsePo(readFileSync(new URL(`${language}.po`, CATALOGUES), "utf8"));
  return new Map(po.items.filter((item) => !item.obsolete).map((item) => [item.msgid, item.msgstr[0] ?? ""]));
}

/** The names a message fills in and the tags it marks, in order of first appearance, without duplicates. */
function slots(message: string): string[] {
  const names = [...message.matchAll(/\{(\w+)[,}]|<(\/?\d+)>/g)].map((match) => match[1] ?? `<${match[2]}>`);
  return [...new Set(names)].sort();
}

describe("the mails' catalogues", () => {
  it("hold every source message, and only those (npm run i18n:extract is current)", () => {
    const english = catalogue(DEFAULT_MEMBER_LANGUAGE);
    expect([...english.keys()].sort()).toEqual(messages.map((message) => message.id).sort());
    for (const message of messages) expect(english.get(message.id), message.id).toBe(message.message);
  });

  it("spells email as the specification does, never e-mail", () => {
    expect(messages.filter((message) => /e-mail/i.test(message.message)).map(({ id }) => id)).toEqual([]);
  });

  const translated = TRANSLATED_LANGUAGES.filter((language) => language !== DEFAULT_MEMBER_LANGUAGE);

  it.each(translated)(
    "%s: translates every message with the English's placeholders and bold parts",
    (language) => {
      const translations = catalogue(language);
      for (const message of messages) {
        const translation = translations.get(message.id);
        expect(translation, `${language} ${message.id}`).toBeTruthy();
        expect(slots(translation ?? ""), `${language} ${message.id}`).toEqual(slots(message.message));
      }
    },
  );

  it.each(translated)("%s: every message compiles and writes its values in", (language) => {
    const t = mailTexts(language);
    const values = {
      firstName: "Thandi",
      schemeName: "Scheme",
      label: "Member Services",
      number: "0860 100 200",
      hours: "08:00–17:00",
      businessDays: "oneToTwo",
      date: "2026-12-07",
      reference: 4242,
      parent: 4241,
      category: "Medical claims",
      count: 2,
      line: "Member Services",
      minutes: 30,
      what: "both",
      addresses: "t•••@example.com",
      address: "t•••@example.com",
    };
    for (const message of messages) {
      const text = t.text(message, values);
      expect(text, `${language} ${message.id}`).not.toMatch(/[{}<>]|undefined|\[object/);
      if (message.message.includes("{reference}")) expect(text, message.id).toContain("4242");
      if (message.message.includes("<0>"))
        expect(
          t.parts(message, values).some((part) => typeof part !== "string"),
          message.id,
        ).toBe(true);
    }
  });
});
