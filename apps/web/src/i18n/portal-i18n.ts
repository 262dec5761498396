import { type Messages, setupI18n } from "@lingui/core";
import { DEFAULT_MEMBER_LANGUAGE, type MemberLanguage } from "@portal/domain";
import { LOCALE } from "../lib/locale";

/**
 * The portal's one Lingui instance. English needs no catalogue: each message's English is
 * compiled into the screen's own code (build/compile-source-messages.ts), and Lingui falls back
 * to it for any id the active catalogue lacks. Another language's catalogue is loaded when the
 * member chooses it (language-choice.ts).
 */
export const portalI18n = setupI18n({
  locale: DEFAULT_MEMBER_LANGUAGE,
  locales: [LOCALE],
  messages: { [DEFAULT_MEMBER_LANGUAGE]: {} },
});

/** The language `<html lang>` names: English as the specification's en-US, another by its code. */
export function htmlLang(language: MemberLanguage): string {
  return language === DEFAULT_MEMBER_LANGUAGE ? LOCALE : language;
}

/** Makes `language` the one every message is shown in, its catalogue given (none for English). */
export function activateLanguage(language: MemberLanguage, messages: Messages = {}): void {
  portalI18n.load(language, messages);
  // Plurals and formats by the language's own rules, English's as the last resort.
  portalI18n.activate(language, language === DEFAULT_MEMBER_LANGUAGE ? [LOCALE] : [language, LOCALE]);
  document.documentElement.lang = htmlLang(language);
}
