import { ERROR_MESSAGES, OUTDATED_QUERY_EXCEPTION_CODE } from "@portal/domain";
import { isHttpError } from "../../../lib/http";

/** Spec §8: code 0015 has its own sentence; any other failure to fetch the query the general one. */
export function queryFetchErrorMessage(error: unknown): string {
  if (isHttpError(error) && error.body?.exceptionCode === OUTDATED_QUERY_EXCEPTION_CODE) {
    return ERROR_MESSAGES.outdatedQuery;
  }
  return ERROR_MESSAGES.queryFetch;
}
