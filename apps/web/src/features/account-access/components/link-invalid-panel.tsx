import { ACCOUNT_MESSAGES, type AccountLinkState } from "@portal/domain";
import { OutcomePanel } from "./outcome-panel";

/** What is wrong with the link, when its state is known: used (or replaced), or expired. */
const LINK_STATE_MESSAGES: Partial<Record<AccountLinkState, string>> = {
  USED: ACCOUNT_MESSAGES.linkUsed,
  EXPIRED: ACCOUNT_MESSAGES.linkExpired,
};

/** A mailed link that is malformed, unknown, used or expired: what is wrong, and the way to ask for a new one. */
export function LinkInvalidPanel({
  askAgainHref,
  state,
}: {
  askAgainHref: string;
  state?: AccountLinkState;
}) {
  return (
    <OutcomePanel
      tone="problem"
      message={(state && LINK_STATE_MESSAGES[state]) ?? ACCOUNT_MESSAGES.linkInvalid}
      next={{ to: askAgainHref, label: "Ask for a new link" }}
    />
  );
}
