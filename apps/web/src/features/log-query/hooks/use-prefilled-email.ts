import { useEffect, useRef } from "react";
import { useMemberEmail } from "../api/get-member-email";

/**
 * Hands the member's first e-mail address to `prefill` once, when the details arrive (spec §2).
 * Only a new address calls it again: re-rendering must never refill a field the member cleared.
 */
export function usePrefilledEmail(prefill: (address: string) => void): void {
  const address = useMemberEmail();
  const prefillRef = useRef(prefill);
  useEffect(() => {
    prefillRef.current = prefill;
  });
  useEffect(() => {
    if (address !== undefined) prefillRef.current(address);
  }, [address]);
}
