import { CONSOLE_BASE, type ReportResponse, type ReportView, type ServerOrigin } from "@portal/domain";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { consoleKeys, NO_STORE } from "../../../api/console/console-keys";
import { getJson } from "../../../lib/http";

/** What a report covers: its first and last day (yyyy-MM-dd) and, optionally, one channel and one category. */
export interface ReportFilters {
  from: string;
  to: string;
  channel?: ServerOrigin | undefined;
  category?: string | undefined;
}

export const REPORTS_URL = `${CONSOLE_BASE}/reports`;

function reportParams(filters: ReportFilters): string {
  const params = new URLSearchParams({ from: filters.from, to: filters.to });
  if (filters.channel) params.set("channel", filters.channel);
  if (filters.category) params.set("category", filters.category);
  return params.toString();
}

/** GET {CONSOLE_BASE}/reports (supervisors; agents get 403): every figure of the report. */
export function getReport(filters: ReportFilters): Promise<ReportResponse> {
  return getJson<ReportResponse>(`${REPORTS_URL}?${reportParams(filters)}`, NO_STORE);
}

/**
 * GET {CONSOLE_BASE}/reports/csv/{view}: one view as a file. A plain link: a GET needs no
 * anti-forgery header, and the browser saves the file itself.
 */
export function reportCsvUrl(view: ReportView, filters: ReportFilters): string {
  return `${REPORTS_URL}/csv/${view}?${reportParams(filters)}`;
}

/** The report for the filters; the one shown stays while the next loads. */
export function useReport(filters: ReportFilters | null) {
  return useQuery({
    queryKey: [...consoleKeys.all, "report", filters] as const,
    queryFn: () => getReport(filters as ReportFilters),
    enabled: filters !== null,
    placeholderData: keepPreviousData,
  });
}
