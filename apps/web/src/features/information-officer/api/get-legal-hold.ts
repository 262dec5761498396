import type { LegalHold, memberLegalHoldResponseSchema } from "@portal/domain";
import { useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import { consoleKeys, NO_STORE } from "../../../api/console/console-keys";
import { memberSummaryUrl } from "../../../api/console/get-member-summary";
import { getJson } from "../../../lib/http";

type MemberLegalHoldResponse = z.infer<typeof memberLegalHoldResponseSchema>;

export function legalHoldUrl(entityNumber: number): string {
  return `${memberSummaryUrl(entityNumber)}/legal-hold`;
}

/** GET {CONSOLE_BASE}/members/{entityNumber}/legal-hold: the member's hold, or null. */
export async function getLegalHold(entityNumber: number): Promise<LegalHold | null> {
  const response = await getJson<MemberLegalHoldResponse>(legalHoldUrl(entityNumber), NO_STORE);
  return response.hold;
}

export function useLegalHold(entityNumber: number) {
  return useQuery({
    queryKey: consoleKeys.legalHold(entityNumber),
    queryFn: () => getLegalHold(entityNumber),
  });
}
