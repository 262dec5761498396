import { CONSOLE_BASE, CONSOLE_ME_PATH, type ConsoleMe } from "@portal/domain";
import { useQuery } from "@tanstack/react-query";
import { getJson } from "../../lib/http";
import { consoleKeys, NO_STORE } from "./console-keys";

export type ConsoleRole = ConsoleMe["roles"][number];

export const CONSOLE_ME_URL = `${CONSOLE_BASE}${CONSOLE_ME_PATH}`;

/** GET {CONSOLE_BASE}/me (any staff role): the signed-in person's staff roles. */
export function getConsoleMe(): Promise<ConsoleMe> {
  return getJson<ConsoleMe>(CONSOLE_ME_URL, NO_STORE);
}

export function useConsoleMe() {
  return useQuery({
    queryKey: consoleKeys.me,
    queryFn: getConsoleMe,
    // A role given or taken away applies from the next request; the menu follows on the next visit.
    staleTime: 5 * 60 * 1000,
  });
}
