import type { CategoryChoice } from "@portal/domain";
import { type ReactNode, useId } from "react";
import { useTranslate } from "../../../i18n/translate";
import { contactUsMessages } from "../contact-us.messages";
import { VirtualAssistant } from "./virtual-assistant";

/**
 * Requirements §2 "Log a new query" card: the reply promise and the way into the virtual assistant. The
 * app layer puts the origin's form inside (a feature does not import another feature).
 */
export function LogNewQueryCard({
  children,
  titleId: givenTitleId,
  onLogQuery,
}: {
  children: ReactNode;
  titleId?: string;
  /** The virtual assistant hands over to the form, with the category of its best answer. */
  onLogQuery?: (choice: CategoryChoice | undefined) => void;
}) {
  const ownTitleId = useId();
  const { t } = useTranslate();
  // A given id lets a skip link elsewhere on the page land on this card's title.
  const titleId = givenTitleId ?? ownTitleId;
  return (
    <section className="card" aria-labelledby={titleId}>
      <div className="card-body">
        <h2 className="card-title h4 skip-target" id={titleId} tabIndex={-1}>
          {t(contactUsMessages.logNewQuery)}
        </h2>
        <p>{t(contactUsMessages.replyPromise)}</p>
        <p>
          {t(contactUsMessages.quickAnswer)} <VirtualAssistant onLogQuery={onLogQuery} />
        </p>
        {children}
      </div>
    </section>
  );
}
