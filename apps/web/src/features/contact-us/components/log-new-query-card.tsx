import type { CategoryChoice } from "@portal/domain";
import { type ReactNode, useId } from "react";
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
  // A given id lets a skip link elsewhere on the page land on this card's title.
  const titleId = givenTitleId ?? ownTitleId;
  return (
    <section className="card" aria-labelledby={titleId}>
      <div className="card-body">
        <h2 className="card-title h4 skip-target" id={titleId} tabIndex={-1}>
          Log a new query
        </h2>
        <p>We reply to new queries within 1 to 2 days.</p>
        <p>
          Looking for a quick answer? <VirtualAssistant onLogQuery={onLogQuery} />
        </p>
        {children}
      </div>
    </section>
  );
}
