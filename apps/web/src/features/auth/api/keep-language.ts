import { MEMBER_LANGUAGE_PATH, type MemberLanguage, type SessionInfo } from "@portal/domain";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { apiFetch } from "../../../lib/http";
import { sessionQueryKey } from "./get-session";

/** PUT /wsg/language: the member's account keeps the language they chose (204). */
export async function keepLanguage(language: MemberLanguage): Promise<void> {
  await apiFetch(MEMBER_LANGUAGE_PATH, {
    method: "PUT",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify({ language }),
  });
}

/**
 * Keeps a language on the member's account, and in the cached session, so the page does not ask
 * the account for a language it has just told it.
 */
export function useKeepLanguage(): (language: MemberLanguage) => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(
    async (language: MemberLanguage) => {
      await keepLanguage(language);
      queryClient.setQueryData<SessionInfo>(sessionQueryKey, (session) =>
        session?.authenticated ? { ...session, member: { ...session.member, language } } : session,
      );
    },
    [queryClient],
  );
}
