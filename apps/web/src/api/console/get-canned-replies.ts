import { type CannedReply, CONSOLE_BASE } from "@portal/domain";
import { useQuery } from "@tanstack/react-query";
import { getJson } from "../../lib/http";
import { consoleKeys, NO_STORE } from "./console-keys";

export const CANNED_REPLIES_URL = `${CONSOLE_BASE}/canned-replies`;

export function cannedReplyUrl(id: number): string {
  return `${CANNED_REPLIES_URL}/${id}`;
}

/** GET {CONSOLE_BASE}/canned-replies (all staff): the texts to insert into a reply, by title. */
export async function getCannedReplies(): Promise<CannedReply[]> {
  const response = await getJson<{ cannedReplies: CannedReply[] }>(CANNED_REPLIES_URL, NO_STORE);
  return response.cannedReplies;
}

export function useCannedReplies() {
  return useQuery({
    queryKey: consoleKeys.cannedReplies,
    queryFn: getCannedReplies,
    // They change rarely, and a change made here refreshes them at once.
    staleTime: 60 * 1000,
  });
}
