import {
  ACCOUNT_PATHS,
  type AccountLinkCheck,
  type AccountLinkState,
  accountTokenSchema,
} from "@portal/domain";
import { useQuery } from "@tanstack/react-query";
import { postJson } from "../../../lib/http";

/**
 * POST /wsg/account-link/check: whether the mailed link still works (VALID, USED, EXPIRED or
 * UNKNOWN), asked when its page opens; nothing is spent. A POST, as the calls that spend the token:
 * a token in a URL would land in access logs.
 */
export async function checkAccountLink(check: AccountLinkCheck): Promise<AccountLinkState> {
  const answer = await postJson<{ state: AccountLinkState }>(ACCOUNT_PATHS.linkCheck, check, {
    redirectOnUnauthorized: false,
  });
  return answer.state;
}

/** The link's state, asked once per page; a malformed token is not asked about. */
export function useAccountLinkState(check: AccountLinkCheck) {
  return useQuery({
    queryKey: ["account-link", check.purpose, check.token],
    queryFn: () => checkAccountLink(check),
    enabled: accountTokenSchema.safeParse(check.token).success,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}
