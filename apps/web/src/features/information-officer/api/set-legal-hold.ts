import type { LegalHold, SetLegalHold } from "@portal/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { consoleKeys } from "../../../api/console/console-keys";
import { apiFetch } from "../../../lib/http";
import { legalHoldUrl } from "./get-legal-hold";

/**
 * PUT {CONSOLE_BASE}/members/{entityNumber}/legal-hold (200): the member's data is kept from any
 * erasure until the hold is released; setting it again replaces the reason. 404 for an unknown member.
 */
export async function setLegalHold(entityNumber: number, body: SetLegalHold): Promise<LegalHold> {
  const response = await apiFetch(legalHoldUrl(entityNumber), {
    method: "PUT",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as { hold: LegalHold };
  return answer.hold;
}

export function useSetLegalHold() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ entityNumber, reason }: { entityNumber: number; reason: string }) =>
      setLegalHold(entityNumber, { reason }),
    onSuccess: (_hold, { entityNumber }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: consoleKeys.legalHolds }),
        queryClient.invalidateQueries({ queryKey: consoleKeys.legalHold(entityNumber) }),
      ]),
  });
}
