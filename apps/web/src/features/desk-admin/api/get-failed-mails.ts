import { CONSOLE_BASE, type failedMailSchema } from "@portal/domain";
import { useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import { consoleKeys, NO_STORE } from "../../../api/console/console-keys";
import { getJson } from "../../../lib/http";

export type FailedMail = z.infer<typeof failedMailSchema>;

export const FAILED_MAILS_URL = `${CONSOLE_BASE}/mails/failed`;

/** GET {CONSOLE_BASE}/mails/failed (supervisors; agents get 403): mails parked after their last attempt. */
export async function getFailedMails(): Promise<FailedMail[]> {
  const response = await getJson<{ mails: FailedMail[] }>(FAILED_MAILS_URL, NO_STORE);
  return response.mails;
}

export function useFailedMails() {
  return useQuery({ queryKey: consoleKeys.failedMails, queryFn: getFailedMails });
}
