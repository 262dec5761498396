import { ACCOUNT_MESSAGES } from "@portal/domain";
import { OutcomePanel } from "./outcome-panel";

/** A mailed link that is malformed, unknown, used or expired: the way to ask for a new one. */
export function LinkInvalidPanel({ askAgainHref }: { askAgainHref: string }) {
  return (
    <OutcomePanel
      tone="problem"
      message={ACCOUNT_MESSAGES.linkInvalid}
      next={{ to: askAgainHref, label: "Ask for a new link" }}
    />
  );
}
