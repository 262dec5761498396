import { useCallback, useSyncExternalStore } from "react";

/** Bootstrap's md breakpoint and up: wide enough for the portal's tables (phones are narrower). */
export const WIDE_SCREEN_QUERY = "(min-width: 768px)";

/**
 * Whether the media query matches now, following changes (a phone turned sideways, a window
 * resized). Where the browser cannot tell (no matchMedia), `fallback` is the answer.
 */
export function useMediaQuery(query: string, fallback = true): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof window.matchMedia !== "function") return () => {};
      const list = window.matchMedia(query);
      list.addEventListener("change", onChange);
      return () => list.removeEventListener("change", onChange);
    },
    [query],
  );
  const matches = () =>
    typeof window.matchMedia === "function" ? window.matchMedia(query).matches : fallback;
  return useSyncExternalStore(subscribe, matches, () => fallback);
}
