import { readFileSync } from "node:fs";
import { DEFAULT_MEMBER_LANGUAGE, type MemberLanguage, TRANSLATED_LANGUAGES } from "@portal/domain";
import { type CompiledMessageFunction, compileIcu, parsePo } from "pofile-ts";
import type { MessageDescriptor } from "./define-messages.js";

// The member's mails in the member's language. Each language's catalogue (apps/server/locales/
// <code>.po) is read and compiled the first time a mail in it is written, then kept; a message it
// lacks, and every message of a language not translated yet, is the English. English, as the
// specification has it, is the descriptor's own message.

/** A part of a sentence: text, or the part shown in bold (the message's <0>…</0>). */
export type TextPart = string | { strong: string };

/** What a mail says in one language. */
export interface MailTexts {
  language: MemberLanguage;
  /** The message as plain text: its <0>…</0> marks dropped, their contents kept. */
  text(message: MessageDescriptor, values?: Record<string, string | number>): string;
  /** The message as parts: each <0>…</0> a bold part. */
  parts(message: MessageDescriptor, values?: Record<string, string | number>): TextPart[];
}

const CATALOGUES = new URL("../../../../locales/", import.meta.url);

/** The translations of one language, id → ICU message; empty for English. */
function readCatalogue(language: MemberLanguage): Map<string, string> {
  if (language === DEFAULT_MEMBER_LANGUAGE || !TRANSLATED_LANGUAGES.includes(language)) return new Map();
  const po = parsePo(readFileSync(new URL(`${language}.po`, CATALOGUES), "utf8"));
  return new Map(
    po.items.flatMap((item) => {
      const translation = item.msgstr[0];
      return !item.obsolete && translation ? [[item.msgid, translation] as const] : [];
    }),
  );
}

// The bold part is marked in the compiled string by two control characters no message holds,
// then split on them: a tag's value inside a plural or select comes back as text, not as a value.
const OPEN = "\u0001";
const CLOSE = "\u0002";
const markBold = (children: unknown): string => `${OPEN}${flatten(children)}${CLOSE}`;

function flatten(value: unknown): string {
  return Array.isArray(value) ? value.map(flatten).join("") : String(value ?? "");
}

function toParts(marked: string): TextPart[] {
  const parts: TextPart[] = [];
  for (const piece of marked.split(OPEN)) {
    const close = piece.indexOf(CLOSE);
    if (close === -1) {
      if (piece !== "") parts.push(piece);
      continue;
    }
    parts.push({ strong: piece.slice(0, close) });
    if (close + 1 < piece.length) parts.push(piece.slice(close + 1));
  }
  return parts;
}

const cache = new Map<MemberLanguage, MailTexts>();

/** The mail texts of `language` (null: none chosen, English). */
export function mailTexts(language: MemberLanguage | null | undefined): MailTexts {
  const chosen = language ?? DEFAULT_MEMBER_LANGUAGE;
  const known = cache.get(chosen);
  if (known) return known;
  const translations = readCatalogue(chosen);
  // Plurals by the language's own rules; English's en-US, as the specification formats.
  const locale = chosen === DEFAULT_MEMBER_LANGUAGE ? "en-US" : chosen;
  const compiled = new Map<string, CompiledMessageFunction>();
  const compile = (message: MessageDescriptor): CompiledMessageFunction => {
    let found = compiled.get(message.id);
    if (!found) {
      const translation = translations.get(message.id);
      found = compileIcu(translation ?? message.message, { locale: translation ? locale : "en-US" });
      compiled.set(message.id, found);
    }
    return found;
  };
  const texts: MailTexts = {
    language: chosen,
    text: (message, values = {}) => flatten(compile(message)({ ...values, 0: flatten })),
    parts: (message, values = {}) => toParts(flatten(compile(message)({ ...values, 0: markBold }))),
  };
  cache.set(chosen, texts);
  return texts;
}
