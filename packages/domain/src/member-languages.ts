// The languages a member may read the portal in. English is the default and the
// specification's own; the others are the languages most members speak at home (Census 2022).
// Each is named in itself, as the language control offers it: a reader finds their language
// by the name they know it by.

/** A member language's code: BCP 47, as `<html lang>` and the catalogues' file names have it. */
export type MemberLanguage = "en" | "zu" | "xh" | "af" | "nso" | "tn" | "st";

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
