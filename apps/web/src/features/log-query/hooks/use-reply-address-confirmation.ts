import { isRegisteredEmail, isValidEmail, REPLY_ADDRESS_CONFIRMED_FIELD } from "@portal/domain";
import { useId, useRef, useState } from "react";
import { useMemberDetails } from "../../../api/get-member-details";
import type { ReplyAddressConfirmationProps } from "../components/reply-address-confirmation";

/**
 * Replies go to the address typed in the query form, so a typo would send medical content to a
 * stranger. When the typed address (trimmed, any case) is none of the member's addresses in their
 * details, the member is asked to confirm it; sending waits until they do. A confirmation is for
 * that one address: another address is asked about afresh. While the details are loading, or
 * when they failed, nothing is known to compare with and nothing is asked; the server compares
 * again and the console warns the agent (docs/decisions/0007).
 */
export function useReplyAddressConfirmation(typed: string) {
  const registered = useMemberDetails().data?.emails.map((email) => email.address);
  const noticeId = useId();
  const checkboxRef = useRef<HTMLInputElement>(null);
  const [confirmedAddress, setConfirmedAddress] = useState<string | null>(null);
  // After a try to send, a missing confirmation says so, as every other field does (requirements §5).
  const [sendTried, setSendTried] = useState(false);
  const address = typed.trim();
  const asked = registered !== undefined && isValidEmail(address) && !isRegisteredEmail(address, registered);
  const confirmed = asked && confirmedAddress === address;

  const confirmation: ReplyAddressConfirmationProps = {
    noticeId,
    checkboxRef,
    asked,
    address,
    confirmed,
    showError: sendTried && asked && !confirmed,
    onConfirmedChange: (checked) => setConfirmedAddress(checked ? address : null),
  };

  return {
    confirmation,
    /** For the e-mail field's aria-describedby while the notice is said. */
    noticeId: asked ? noticeId : undefined,
    /** A try to send with the rest of the form invalid: the confirmation shows its message too. */
    markSendTried: () => setSendTried(true),
    /**
     * A try to send with the rest of the form valid: true when it may go. Otherwise the message
     * shows and focus moves to the box.
     */
    readyToSend: (): boolean => {
      setSendTried(true);
      if (!asked || confirmed) return true;
      checkboxRef.current?.focus();
      return false;
    },
    /** The part the submission adds once the member has confirmed; none when nothing was asked. */
    fields: (): Record<string, string> => (confirmed ? { [REPLY_ADDRESS_CONFIRMED_FIELD]: "true" } : {}),
  };
}
