import { useEffect, useState } from "react";

/** setTimeout's longest delay; a later moment is waited for in steps. */
const LONGEST_TIMEOUT_MS = 2 ** 31 - 1;

/**
 * Whether an instant (ISO) has passed, rendering again the moment it does: "Prepare my download"
 * comes back when the daily limit allows it, and a ready download goes when it expires, without a
 * reload. null (no such instant) counts as passed.
 */
export function usePassed(at: string | null): boolean {
  const due = at === null ? Number.NaN : Date.parse(at);
  const [now, setNow] = useState(() => Date.now());
  const passed = Number.isNaN(due) || now >= due;
  useEffect(() => {
    if (passed) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // Measured from the clock, not from `now`, which is only as fresh as the last render.
    const wait = () => {
      const left = due - Date.now();
      if (left <= 0) setNow(Date.now());
      else timer = setTimeout(wait, Math.min(left, LONGEST_TIMEOUT_MS));
    };
    wait();
    return () => clearTimeout(timer);
  }, [due, passed]);
  return passed;
}
