import type { SessionInfo } from "@portal/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch, isHttpError } from "../../../lib/http";
import { sessionQueryKey } from "./get-session";

export const LOGOUT_URL = "/wsg/logout";

/**
 * POST /wsg/logout: ends the session on the server (204). A session signed in through the scheme's
 * OpenID provider may answer 200 { endSessionUrl }: the provider's own sign-out, where the browser
 * goes next.
 */
export async function logout(): Promise<string | undefined> {
  const response = await apiFetch(LOGOUT_URL, { method: "POST", redirectOnUnauthorized: false });
  if (response.status !== 200) return undefined;
  const body = (await response.json().catch(() => undefined)) as { endSessionUrl?: unknown } | undefined;
  return typeof body?.endSessionUrl === "string" ? body.endSessionUrl : undefined;
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
    onSettled: (endSessionUrl, error) => {
      onSettled?.();
      queryClient.clear();
      const sessionEnded = !error || (isHttpError(error) && error.status === 401);
      if (sessionEnded) queryClient.setQueryData<SessionInfo>(sessionQueryKey, { authenticated: false });
      // Signed in through the scheme's provider: signed out there too, which then sends the browser back.
      if (endSessionUrl) window.location.assign(endSessionUrl);
    },
  });
}
