import {
  CONSOLE_BASE,
  INFORMATION_OFFICER_PATHS,
  type LegalHold,
  type legalHoldsResponseSchema,
} from "@portal/domain";
import { useInfiniteQuery } from "@tanstack/react-query";
import type { z } from "zod";
import { consoleKeys, NO_STORE } from "../../../api/console/console-keys";
import { getJson } from "../../../lib/http";

export type { LegalHold };

type LegalHoldsResponse = z.infer<typeof legalHoldsResponseSchema>;

export const LEGAL_HOLDS_URL = `${CONSOLE_BASE}${INFORMATION_OFFICER_PATHS.legalHolds}`;

/** GET {CONSOLE_BASE}/legal-holds?after=: a page of the members whose data is kept from removal. */
export function getLegalHolds(after?: number): Promise<LegalHoldsResponse> {
  const url = after === undefined ? LEGAL_HOLDS_URL : `${LEGAL_HOLDS_URL}?after=${after}`;
  return getJson<LegalHoldsResponse>(url, NO_STORE);
}

export function useLegalHolds() {
  return useInfiniteQuery({
    queryKey: consoleKeys.legalHolds,
    queryFn: ({ pageParam }) => getLegalHolds(pageParam),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
  });
}
