import { CONSOLE_BASE, type DataExport, type memberExportsResponseSchema } from "@portal/domain";
import { useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import { consoleKeys, NO_STORE } from "../../../api/console/console-keys";
import { memberSummaryUrl } from "../../../api/console/get-member-summary";
import { getJson } from "../../../lib/http";

export type { DataExport };

type MemberExportsResponse = z.infer<typeof memberExportsResponseSchema>;

/** How often the list asks again while an archive is being made. */
export const EXPORT_POLL_MS = 2_000;

export function memberExportsUrl(entityNumber: number): string {
  return `${memberSummaryUrl(entityNumber)}/data-exports`;
}

/** GET {CONSOLE_BASE}/data-exports/{exportId}/download: the archive itself, a plain link. */
export function memberExportDownloadUrl(exportId: number): string {
  return `${CONSOLE_BASE}/data-exports/${exportId}/download`;
}

export function isExportInProgress(dataExport: DataExport): boolean {
  return dataExport.status === "QUEUED" || dataExport.status === "RUNNING";
}

/** GET {CONSOLE_BASE}/members/{entityNumber}/data-exports: the member's archives, newest first. */
export async function getMemberExports(entityNumber: number): Promise<DataExport[]> {
  const response = await getJson<MemberExportsResponse>(memberExportsUrl(entityNumber), NO_STORE);
  return response.exports;
}

/** The member's archives; asked again every 2 s while one is queued or being written. */
export function useMemberExports(entityNumber: number) {
  return useQuery({
    queryKey: consoleKeys.memberExports(entityNumber),
    queryFn: () => getMemberExports(entityNumber),
    refetchInterval: (query) => (query.state.data?.some(isExportInProgress) ? EXPORT_POLL_MS : false),
  });
}
