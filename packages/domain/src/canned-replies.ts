import { CANNED_REPLY_PLACEHOLDERS } from "./contracts/console.js";
import { formatDate } from "./dates.js";
import { escapeHtml } from "./html-escape.js";

export interface CannedReplyValues {
  firstName: string;
  referenceNumber: number;
  /** The last day of the reply owed (YYYY-MM-DD); null when none is, which leaves the placeholder. */
  dueDate: string | null;
}

/**
 * A canned reply with its placeholders filled in for one conversation, escaped as HTML text (a
 * member's name is data, never markup). A placeholder with no value is left for the agent to see.
 */
export function fillCannedReply(html: string, values: CannedReplyValues): string {
  const filled: Record<keyof typeof CANNED_REPLY_PLACEHOLDERS, string | null> = {
    firstName: values.firstName,
    referenceNumber: String(values.referenceNumber),
    dueDate: values.dueDate === null ? null : formatDate(values.dueDate),
  };
  let result = html;
  for (const [name, placeholder] of Object.entries(CANNED_REPLY_PLACEHOLDERS)) {
    const value = filled[name as keyof typeof filled];
    if (value !== null) result = result.split(placeholder).join(escapeHtml(value));
  }
  return result;
}
