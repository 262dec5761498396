import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/http";

export const LOGOUT_URL = "/wsg/logout";

/** POST /wsg/logout (204): ends the session on the server. */
export async function logout(): Promise<void> {
  await apiFetch(LOGOUT_URL, { method: "POST", redirectOnUnauthorized: false });
}

/**
 * Logs out and forgets every cached answer, so nothing of this member stays in memory for the next
 * person at the same computer. onSettled runs even when the server call fails (e.g. already expired).
 */
export function useLogout({ onSettled }: { onSettled?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSettled: () => {
      onSettled?.();
      queryClient.clear();
    },
  });
}
