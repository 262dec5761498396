import type { SessionInfo } from "@portal/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch, isHttpError } from "../../../lib/http";
import { sessionQueryKey } from "./get-session";

export const LOGOUT_URL = "/wsg/logout";

/** POST /wsg/logout (204): ends the session on the server. */
export async function logout(): Promise<void> {
  await apiFetch(LOGOUT_URL, { method: "POST", redirectOnUnauthorized: false });
}

/**
 * Logs out and forgets every cached answer, so nothing of this member stays in memory for the next
 * person at the same computer. onSettled runs even when the server call fails (e.g. already expired).
 *
 * When the server has ended the session (or had none: 401), that much is kept: the login screen,
 * which sends anyone logged in onwards, then need not ask again. After any other failure the
 * session may still be alive, so the login screen asks, and shows the truth.
 */
export function useLogout({ onSettled }: { onSettled?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSettled: (_data, error) => {
      onSettled?.();
      queryClient.clear();
      const sessionEnded = !error || (isHttpError(error) && error.status === 401);
      if (sessionEnded) queryClient.setQueryData<SessionInfo>(sessionQueryKey, { authenticated: false });
    },
  });
}
