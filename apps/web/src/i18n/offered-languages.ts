import type { Messages } from "@lingui/core";
import { DEFAULT_MEMBER_LANGUAGE, MEMBER_LANGUAGES, type MemberLanguage } from "@portal/domain";

/**
 * The catalogue of each translated language beside English (TRANSLATED_LANGUAGES in
 * @portal/domain: catalogues.test.ts holds the two lists equal), each in a chunk of its own,
 * downloaded only when a member chooses it. isiXhosa, Sepedi, Setswana and Sesotho have catalogues
 * still to be translated, and are not offered yet.
 */
export const CATALOGUE_LOADERS: Partial<Record<MemberLanguage, () => Promise<{ messages: Messages }>>> = {
  zu: () => import("../locales/zu.po"),
  af: () => import("../locales/af.po"),
};

type OfferedLanguage = (typeof MEMBER_LANGUAGES)[number];

/** Every translated language, until the installation's choice has come (setOfferedLanguages). */
let offered: readonly OfferedLanguage[] = MEMBER_LANGUAGES.filter(
  ({ code }) => code === DEFAULT_MEMBER_LANGUAGE || CATALOGUE_LOADERS[code] !== undefined,
);

/**
 * The languages this installation offers (MEMBER_LANGUAGES, from /app-config.json), of those this
 * build has a catalogue for: English always, first.
 */
export function setOfferedLanguages(codes: readonly MemberLanguage[]): void {
  offered = MEMBER_LANGUAGES.filter(
    ({ code }) =>
      code === DEFAULT_MEMBER_LANGUAGE || (codes.includes(code) && CATALOGUE_LOADERS[code] !== undefined),
  );
}

/** The languages the language control offers, English first, each by its own name. */
export function offeredLanguages(): readonly OfferedLanguage[] {
  return offered;
}

export function isOfferedLanguage(value: unknown): value is MemberLanguage {
  return offered.some(({ code }) => code === value);
}
