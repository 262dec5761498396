import { CONSOLE_BASE, type UnmatchedMail, type UnmatchedMailsResponse } from "@portal/domain";
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { NO_STORE } from "../../../api/console/console-keys";
import { getJson } from "../../../lib/http";

export const UNMATCHED_MAILS_URL = `${CONSOLE_BASE}/unmatched-mails`;

/** Under the console's key: logging out clears them with the rest. */
export const unmatchedMailKeys = {
  all: ["console", "unmatched-mails"] as const,
  one: (mailId: number) => ["console", "unmatched-mails", mailId] as const,
};

/** GET {CONSOLE_BASE}/unmatched-mails?before=: a page of the mails that matched no conversation, newest first. */
export function getUnmatchedMails(before?: number): Promise<UnmatchedMailsResponse> {
  const url = before === undefined ? UNMATCHED_MAILS_URL : `${UNMATCHED_MAILS_URL}?before=${before}`;
  return getJson<UnmatchedMailsResponse>(url, NO_STORE);
}

export function useUnmatchedMails() {
  return useInfiniteQuery({
    queryKey: unmatchedMailKeys.all,
    queryFn: ({ pageParam }) => getUnmatchedMails(pageParam),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
  });
}

/** GET {CONSOLE_BASE}/unmatched-mails/{mailId}: one mail, its text as plain text. */
export function getUnmatchedMail(mailId: number): Promise<UnmatchedMail> {
  return getJson<UnmatchedMail>(`${UNMATCHED_MAILS_URL}/${mailId}`, NO_STORE);
}

export function useUnmatchedMail(mailId: number) {
  return useQuery({ queryKey: unmatchedMailKeys.one(mailId), queryFn: () => getUnmatchedMail(mailId) });
}
