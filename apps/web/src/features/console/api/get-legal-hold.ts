import type { LegalHold, memberLegalHoldResponseSchema } from "@portal/domain";
import { useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import { getJson } from "../../../lib/http";
import { consoleKeys, NO_STORE } from "./console-keys";
import { memberSummaryUrl } from "./get-member-summary";

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
