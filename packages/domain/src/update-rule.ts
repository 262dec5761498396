import { DAY_MS } from "./dates.js";
import { QUERY_STATUS_OPEN } from "./limits.js";
import type { ServerOrigin } from "./origins.js";

// Whether a member may add an update to a query. The view's canUpdate answer and the refusal of an
// update come from this one rule, so the screen never offers what the server then refuses.

/** How long after logging an open query still takes updates, unless the server is set otherwise. */
export const DEFAULT_UPDATE_WINDOW_DAYS = 30;

/** Only queries of the member-web channel take updates (requirements §6). */
export const UPDATABLE_ORIGIN: ServerOrigin = "MEMBER_WEB";

/** What the rule reads of a query. */
export interface UpdateCandidate {
  status: string;
  origin: string;
  loggedAt: Date;
  /** Imported from another channel: listed, but not opened or updated here (requirements §8, 0015). */
  legacy: boolean;
}

/**
 * Why an update may not be added, in the order a member can act on it; null when it may. A query
 * logged in another channel (by phone) cannot even be opened, MedXpress queries take no updates,
 * a closed one and one past the window take a new query instead.
 */
export type UpdateRefusal = "LEGACY" | "OTHER_CHANNEL" | "CLOSED" | "TOO_OLD";

export function updateRefusal(
  query: UpdateCandidate,
  { now, updateWindowDays }: { now: Date; updateWindowDays: number },
): UpdateRefusal | null {
  if (query.legacy) return "LEGACY";
  if (query.origin !== UPDATABLE_ORIGIN) return "OTHER_CHANNEL";
  if (query.status !== QUERY_STATUS_OPEN) return "CLOSED";
  const age = now.getTime() - query.loggedAt.getTime();
  return age <= updateWindowDays * DAY_MS ? null : "TOO_OLD";
}

/**
 * Open, of the member-web channel, not legacy, and logged no more than `updateWindowDays` days
 * before `now` (the last moment of the window included).
 */
export function canUpdateQuery(
  query: UpdateCandidate,
  options: { now: Date; updateWindowDays: number },
): boolean {
  return updateRefusal(query, options) === null;
}
