import type { Messages } from "@lingui/core";
import { DEFAULT_MEMBER_LANGUAGE, MEMBER_LANGUAGES, type MemberLanguage } from "@portal/domain";

/**
 * The catalogue of each language the member screens are offered in beside English, each in a
 * chunk of its own, downloaded only when a member chooses it. A language joins once its
 * catalogue is complete (catalogues.test.ts holds every offered one to that): isiXhosa, Sepedi,
 * Setswana and Sesotho have catalogues still to be translated, and are not offered yet.
 */
export const CATALOGUE_LOADERS: Partial<Record<MemberLanguage, () => Promise<{ messages: Messages }>>> = {
  zu: () => import("../locales/zu.po"),
  af: () => import("../locales/af.po"),
};

/** The languages the language control offers, English first, each by its own name. */
export const OFFERED_LANGUAGES = MEMBER_LANGUAGES.filter(
  ({ code }) => code === DEFAULT_MEMBER_LANGUAGE || CATALOGUE_LOADERS[code] !== undefined,
);

export function isOfferedLanguage(value: unknown): value is MemberLanguage {
  return OFFERED_LANGUAGES.some(({ code }) => code === value);
}
