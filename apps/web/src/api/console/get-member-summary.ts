import { CONSOLE_BASE, type ConsoleMemberSummary } from "@portal/domain";
import { useQuery } from "@tanstack/react-query";
import { getJson } from "../../lib/http";
import { consoleKeys, NO_STORE } from "./console-keys";

export function memberSummaryUrl(entityNumber: number): string {
  return `${CONSOLE_BASE}/members/${entityNumber}`;
}

/** GET {CONSOLE_BASE}/members/{entityNumber}: name, membership number, plan, dependents, open queries. */
export function getMemberSummary(entityNumber: number): Promise<ConsoleMemberSummary> {
  return getJson<ConsoleMemberSummary>(memberSummaryUrl(entityNumber), NO_STORE);
}

/** Asks only once a member is chosen. */
export function useMemberSummary(entityNumber: number | undefined) {
  return useQuery({
    queryKey: consoleKeys.member(entityNumber ?? 0),
    queryFn: () => getMemberSummary(entityNumber ?? 0),
    enabled: entityNumber !== undefined,
  });
}
