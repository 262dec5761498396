import { MY_DATA_BASE, MY_DATA_PATHS } from "@portal/domain";

/**
 * GET {MY_DATA_BASE}/exports/{exportId}/download: the zip, sent as an attachment. The browser
 * fetches it itself (a plain link with the download attribute), so a large archive streams to disk
 * rather than through the page's memory, and the session cookie goes with it.
 */
export function exportDownloadUrl(exportId: number): string {
  return `${MY_DATA_BASE}${MY_DATA_PATHS.exportDownload.replace(":exportId", String(exportId))}`;
}
