import { useEffect, useRef } from "react";
import { useMemberDetails } from "../../../api/get-member-details";
import { firstEmailAddress } from "../utils/first-email-address";

/**
 * Hands the member's first e-mail address to `prefill` once, when the details arrive (requirements §2).
 * Only a new address calls it again: re-rendering must never refill a field the member cleared.
 * While loading, on failure or without any address there is nothing to prefill.
 */
export function usePrefilledEmail(prefill: (address: string) => void): void {
  const address = firstEmailAddress(useMemberDetails().data);
  const prefillRef = useRef(prefill);
  useEffect(() => {
    prefillRef.current = prefill;
  });
  useEffect(() => {
    if (address !== undefined) prefillRef.current(address);
  }, [address]);
}
