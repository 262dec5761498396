import { useMutation, useQueryClient } from "@tanstack/react-query";
import { consoleKeys } from "../../../api/console/console-keys";
import { apiFetch } from "../../../lib/http";
import { legalHoldUrl } from "./get-legal-hold";

/** DELETE {CONSOLE_BASE}/members/{entityNumber}/legal-hold (204): the member's data may be erased again. */
export async function releaseLegalHold(entityNumber: number): Promise<void> {
  await apiFetch(legalHoldUrl(entityNumber), { method: "DELETE", headers: { Accept: "application/json" } });
}

export function useReleaseLegalHold() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: releaseLegalHold,
    onSuccess: (_nothing, entityNumber) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: consoleKeys.legalHolds }),
        queryClient.invalidateQueries({ queryKey: consoleKeys.legalHold(entityNumber) }),
      ]),
  });
}
