import type { MessageDescriptor } from "@lingui/core";
import { EXCEPTION_CODES, isDefaultRouteOrigin, type QueryView } from "@portal/domain";
import { isHttpError } from "../../../lib/http";
import { viewQueryMessages } from "../view-query.messages";

/**
 * Why a query on the view screen takes no update, when the member would otherwise look for the
 * Update button in vain: it came from another channel (0015, it cannot even be opened), it belongs
 * to the MedXpress channel, or (the server's canUpdate, requirements §10.6) it is closed or past
 * the update window. The answer does not say which of those two, so neither does the screen.
 */
export type UpdateUnavailableReason = "other-channel" | "medxpress" | "closed-or-old";

export function updateUnavailableReason({
  queryError,
  query,
  routeOrigin,
}: {
  queryError: unknown;
  query: QueryView | undefined;
  routeOrigin: string;
}): UpdateUnavailableReason | undefined {
  if (isHttpError(queryError) && queryError.body?.exceptionCode === EXCEPTION_CODES.OUTDATED_QUERY) {
    return "other-channel";
  }
  if (!query || query.canUpdate) return undefined;
  return isDefaultRouteOrigin(routeOrigin) ? "closed-or-old" : "medxpress";
}

/** The first sentence of the note: why. Ours, not the specification's; short and plain. */
export const UPDATE_UNAVAILABLE_WHY: Record<UpdateUnavailableReason, MessageDescriptor> = {
  "other-channel": viewQueryMessages.unavailableOtherChannel,
  medxpress: viewQueryMessages.unavailableMedxpress,
  "closed-or-old": viewQueryMessages.unavailableClosedOrOld,
};
