import { SESSION_PATH, type SessionInfo } from "@portal/domain";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { getJson, isHttpError } from "../../../lib/http";

export const SESSION_URL = SESSION_PATH;
export const sessionQueryKey = ["session"] as const;

/** GET /wsg/session. A 401 is an answer here ("not logged in"), not a reason to redirect. */
export async function getSession(): Promise<SessionInfo> {
  try {
    return await getJson<SessionInfo>(SESSION_URL, { redirectOnUnauthorized: false, cache: "no-store" });
  } catch (error) {
    if (isHttpError(error) && error.status === 401) return { authenticated: false };
    throw error;
  }
}

export function sessionQueryOptions() {
  return queryOptions({
    queryKey: sessionQueryKey,
    queryFn: getSession,
    // Moving between pages need not ask again each time; an expired session shows up as a 401 anyway.
    staleTime: 60 * 1000,
  });
}

export function useSession() {
  return useQuery(sessionQueryOptions());
}
