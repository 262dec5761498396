import { CONSOLE_BASE, type ConsoleQueryResponse } from "@portal/domain";
import { useQuery } from "@tanstack/react-query";
import { consoleKeys, NO_STORE } from "../../../api/console/console-keys";
import { getJson } from "../../../lib/http";

export function consoleQueryUrl(referenceNumber: number): string {
  return `${CONSOLE_BASE}/queries/${referenceNumber}`;
}

/** The address of one attachment of the thread: the file itself, opened in a new tab. */
export function consoleAttachmentUrl(referenceNumber: number, attachmentId: number): string {
  return `${consoleQueryUrl(referenceNumber)}/attachments/${attachmentId}`;
}

/** The address of a file sent with one of the conversation's replies. */
export function consoleReplyAttachmentUrl(referenceNumber: number, attachmentId: number): string {
  return `${consoleQueryUrl(referenceNumber)}/reply-attachments/${attachmentId}`;
}

/** GET {CONSOLE_BASE}/queries/{ref}: the whole thread, replies, notes and the member's summary. */
export function getConsoleQuery(referenceNumber: number): Promise<ConsoleQueryResponse> {
  return getJson<ConsoleQueryResponse>(consoleQueryUrl(referenceNumber), NO_STORE);
}

export function useConsoleQuery(referenceNumber: number) {
  return useQuery({
    queryKey: consoleKeys.query(referenceNumber),
    queryFn: () => getConsoleQuery(referenceNumber),
  });
}
