import {
  type AuditTrailResponse,
  auditTrailQuerySchema,
  CONSOLE_BASE,
  INFORMATION_OFFICER_PATHS,
} from "@portal/domain";
import { keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import { consoleKeys, NO_STORE } from "../../../api/console/console-keys";
import { getJson } from "../../../lib/http";

/** The audit trail's filters, as the address bar keeps them; every one optional. */
export interface AuditTrailFilters {
  member?: number | undefined;
  staff?: number | undefined;
  kind?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

const FILTER_NAMES = ["member", "staff", "kind", "from", "to"] as const;

/** The filters in the address bar, checked by the contract; an address it refuses filters nothing. */
export function readAuditTrailFilters(search: URLSearchParams): AuditTrailFilters {
  const given = Object.fromEntries(
    FILTER_NAMES.flatMap((name) => {
      const value = search.get(name);
      return value ? [[name, value]] : [];
    }),
  );
  const parsed = auditTrailQuerySchema.safeParse(given);
  if (!parsed.success) return {};
  const { after: _after, ...filters } = parsed.data;
  return filters;
}

/** The filters as query parameters, only those given; the address bar, the JSON and the CSV share them. */
export function auditTrailParams(filters: AuditTrailFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const name of FILTER_NAMES) {
    const value = filters[name];
    if (value !== undefined && value !== "") params.set(name, String(value));
  }
  return params;
}

function withParams(path: string, params: URLSearchParams): string {
  const query = params.toString();
  return query ? `${CONSOLE_BASE}${path}?${query}` : `${CONSOLE_BASE}${path}`;
}

/** GET {CONSOLE_BASE}/audit-trail with the filters and the previous page's cursor. */
export function auditTrailUrl(filters: AuditTrailFilters, after?: string): string {
  const params = auditTrailParams(filters);
  if (after) params.set("after", after);
  return withParams(INFORMATION_OFFICER_PATHS.auditTrail, params);
}

/**
 * GET {CONSOLE_BASE}/audit-trail.csv: every row the filters match, as a file. A plain link: a GET
 * needs no anti-forgery header, and the browser saves the file itself.
 */
export function auditTrailCsvUrl(filters: AuditTrailFilters): string {
  return withParams(INFORMATION_OFFICER_PATHS.auditTrailCsv, auditTrailParams(filters));
}

export function getAuditTrail(url: string): Promise<AuditTrailResponse> {
  return getJson<AuditTrailResponse>(url, NO_STORE);
}

/** The audit trail, newest first, a page at a time ("Load more" appends the next). */
export function useAuditTrail(filters: AuditTrailFilters) {
  return useInfiniteQuery({
    queryKey: [...consoleKeys.auditTrail, filters],
    queryFn: ({ pageParam }) => getAuditTrail(auditTrailUrl(filters, pageParam)),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
    // While other filters load, the last rows stay on screen instead of a blank table.
    placeholderData: keepPreviousData,
  });
}
