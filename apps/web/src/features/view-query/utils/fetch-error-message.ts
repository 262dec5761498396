import { ERROR_MESSAGES, EXCEPTION_CODES } from "@portal/domain";
import { isHttpError } from "../../../lib/http";

/** Requirements §8: code 0015 has its own sentence; any other failure to fetch the query the general one. */
export function queryFetchErrorMessage(error: unknown): string {
  if (isHttpError(error) && error.body?.exceptionCode === EXCEPTION_CODES.OUTDATED_QUERY) {
    return ERROR_MESSAGES.outdatedQuery;
  }
  return ERROR_MESSAGES.queryFetch;
}
