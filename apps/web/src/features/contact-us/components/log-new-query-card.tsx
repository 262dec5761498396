import { type ReactNode, useId } from "react";
import { VirtualAssistant } from "./virtual-assistant";

/**
 * Requirements §2 "Log a new query" card: the reply promise and the way into the virtual assistant. The
 * app layer puts the origin's form inside (a feature does not import another feature).
 */
export function LogNewQueryCard({ children }: { children: ReactNode }) {
  const titleId = useId();
  return (
    <section className="card" aria-labelledby={titleId}>
      <div className="card-body">
        <h2 className="card-title h4" id={titleId}>
          Log a new query
        </h2>
        <p>We reply to new queries within 1 to 2 days.</p>
        <p>
          Looking for a quick answer? <VirtualAssistant />
        </p>
        {children}
      </div>
    </section>
  );
}
