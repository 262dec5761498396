import type { MemberLanguage } from "@portal/domain";
import { currentLanguage, followLanguage, languageChosenOnThisPage } from "./language-choice";
import { isOfferedLanguage } from "./offered-languages";

/**
 * What to do once a member's session shows the language their account keeps (null: none yet):
 * - a language the member chose on this page (on the login page, say) wins, and the account keeps it;
 * - otherwise the account's language is shown, so a new browser finds the member's choice;
 * - an account without one keeps the language shown, when it is not English (the browser's guess
 *   or an earlier choice in this browser), so the mails follow it.
 * `keep` tells the account.
 */
export async function reconcileAccountLanguage(
  kept: MemberLanguage | null | undefined,
  keep: (language: MemberLanguage) => Promise<void>,
): Promise<void> {
  const shown = currentLanguage();
  if (languageChosenOnThisPage()) {
    if (kept !== shown) await keep(shown);
    return;
  }
  if (kept && isOfferedLanguage(kept)) {
    if (kept !== shown) await followLanguage(kept);
    return;
  }
  if (!kept && shown !== "en") await keep(shown);
}
