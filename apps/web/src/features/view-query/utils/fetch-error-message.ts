import type { MessageDescriptor } from "@lingui/core";
import { EXCEPTION_CODES } from "@portal/domain";
import { isHttpError } from "../../../lib/http";
import { viewQueryMessages } from "../view-query.messages";

/** Requirements §8: code 0015 has its own sentence; any other failure to fetch the query the general one. */
export function queryFetchErrorMessage(error: unknown): MessageDescriptor {
  if (isHttpError(error) && error.body?.exceptionCode === EXCEPTION_CODES.OUTDATED_QUERY) {
    return viewQueryMessages.outdatedQuery;
  }
  return viewQueryMessages.fetchFailed;
}
