// The languages a member may read the portal in. English is the default and the
// specification's own; the others are the languages most members speak at home (Census 2022).
// Each is named in itself, as the language control offers it: a reader finds their language
// by the name they know it by.

/** Each member language's code: BCP 47, as `<html lang>` and the catalogues' file names have it. */
export const MEMBER_LANGUAGE_CODES = ["en", "zu", "xh", "af", "nso", "tn", "st"] as const;
export type MemberLanguage = (typeof MEMBER_LANGUAGE_CODES)[number];

export const DEFAULT_MEMBER_LANGUAGE: MemberLanguage = "en";

/** Every member language, with its own name, in the order the language control lists them. */
export const MEMBER_LANGUAGES: readonly { code: MemberLanguage; ownName: string }[] = [
  { code: "en", ownName: "English" },
  { code: "zu", ownName: "isiZulu" },
  { code: "xh", ownName: "isiXhosa" },
  { code: "af", ownName: "Afrikaans" },
  { code: "nso", ownName: "Sepedi" },
  { code: "tn", ownName: "Setswana" },
  { code: "st", ownName: "Sesotho" },
];

export function isMemberLanguage(value: unknown): value is MemberLanguage {
  return MEMBER_LANGUAGES.some((language) => language.code === value);
}

/**
 * The languages whose catalogues are complete: every member screen's message and every mail's
 * (the catalogue tests hold each one listed to that, in the web app and in the server). Only these
 * may be offered (MEMBER_LANGUAGES, by default all of them). A language joins when its translators
 * finish both catalogues; the others fall back to English and are not offered.
 */
export const TRANSLATED_LANGUAGES: readonly MemberLanguage[] = ["en", "zu", "af"];
