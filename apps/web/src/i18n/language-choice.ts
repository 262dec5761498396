import { DEFAULT_MEMBER_LANGUAGE, type MemberLanguage } from "@portal/domain";
import {
  CATALOGUE_LOADERS,
  isOfferedLanguage,
  offeredLanguages,
  setOfferedLanguages,
} from "./offered-languages";
import { activateLanguage, portalI18n } from "./portal-i18n";

/** Where this browser keeps the member's choice (a member's account keeps it too: account-language.ts). */
export const LANGUAGE_STORAGE_KEY = "portal.language";

/**
 * The language to start in: the one chosen before in this browser, else the first of the
 * browser's languages the portal offers (by its primary subtag: "zu-ZA" is isiZulu), else English.
 */
export function initialLanguage(stored: string | null, browserLanguages: readonly string[]): MemberLanguage {
  if (isOfferedLanguage(stored)) return stored;
  for (const tag of browserLanguages) {
    const primary = tag.toLowerCase().split("-")[0];
    const offered = offeredLanguages().find(({ code }) => code === primary);
    if (offered) return offered.code;
  }
  return DEFAULT_MEMBER_LANGUAGE;
}

function readStoredLanguage(): string | null {
  try {
    return window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    return null; // storage blocked (a private window's settings): the browser's languages decide
  }
}

function storeLanguage(language: MemberLanguage): void {
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // storage blocked: the choice lasts until the page is closed
  }
}

/** Switches to `language` without a reload: its catalogue is fetched first (English has none). */
export async function switchLanguage(language: MemberLanguage): Promise<void> {
  const loader = CATALOGUE_LOADERS[language];
  const catalogue = loader ? await loader() : undefined;
  activateLanguage(language, catalogue?.messages);
}

/** Whether the member chose the language on this page (since it loaded), rather than it being found. */
let chosenOnThisPage = false;

export function languageChosenOnThisPage(): boolean {
  return chosenOnThisPage;
}

/** The language shown now. */
export function currentLanguage(): MemberLanguage {
  const shown = portalI18n.locale;
  return isOfferedLanguage(shown) ? shown : DEFAULT_MEMBER_LANGUAGE;
}

/** The member chose `language`: shown at once, and kept in this browser. */
export async function chooseLanguage(language: MemberLanguage): Promise<void> {
  await switchLanguage(language);
  storeLanguage(language);
  chosenOnThisPage = true;
}

/** The language the member's account keeps, found at log-in: shown, and kept in this browser too. */
export async function followLanguage(language: MemberLanguage): Promise<void> {
  await switchLanguage(language);
  storeLanguage(language);
}

/**
 * The first language, before the first screen renders (main.tsx waits for it with the rest).
 * A catalogue that fails to download leaves English, which is always there.
 */
export async function startInInitialLanguage(offered: readonly MemberLanguage[]): Promise<void> {
  setOfferedLanguages(offered);
  const language = initialLanguage(readStoredLanguage(), navigator.languages ?? []);
  if (language === DEFAULT_MEMBER_LANGUAGE) return;
  await switchLanguage(language).catch(() => undefined);
}
