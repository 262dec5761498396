import { isMemberLanguage, type MemberLanguage } from "@portal/domain";
import { type ChangeEvent, useId, useState } from "react";
import { layoutMessages } from "../components/layouts/layout.messages";
import { chooseLanguage } from "./language-choice";
import { offeredLanguages } from "./offered-languages";
import { useTranslate } from "./translate";

/**
 * The header's language control, on the login page and every member page: each language offered
 * by its own name (and marked as written in it, for screen readers), whatever the page is shown
 * in. Choosing one shows the page in it at once, without a reload, and keeps the choice.
 */
export function LanguageControl({ onChosen }: { onChosen?: (language: MemberLanguage) => void } = {}) {
  const id = useId();
  const { t, language } = useTranslate();
  // While the chosen catalogue downloads, the control shows the choice already.
  const [pending, setPending] = useState<string | undefined>(undefined);
  const choose = (event: ChangeEvent<HTMLSelectElement>) => {
    const chosen = event.currentTarget.value;
    if (!isMemberLanguage(chosen)) return;
    setPending(chosen);
    chooseLanguage(chosen)
      .then(() => onChosen?.(chosen))
      .catch((error: unknown) => console.error("Could not load the language", chosen, error))
      .finally(() => setPending(undefined));
  };
  return (
    <div className="d-flex align-items-center gap-2 language-control">
      <label htmlFor={id} className="visually-hidden">
        {t(layoutMessages.language)}
      </label>
      <select
        id={id}
        className="form-select form-select-sm"
        value={pending ?? language}
        onChange={choose}
        aria-busy={pending !== undefined ? true : undefined}
      >
        {offeredLanguages().map(({ code, ownName }) => (
          <option key={code} value={code} lang={code}>
            {ownName}
          </option>
        ))}
      </select>
    </div>
  );
}
