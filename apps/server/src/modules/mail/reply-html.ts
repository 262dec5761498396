import { cleanHtml } from "./html-cleaning-pool.js";

// An agent's reply is HTML written in the console's editor (bold, italic, lists, links, tables
// pasted from a spreadsheet). It is stored, e-mailed and shown to the member, so it is cleaned here,
// on the server, whatever the browser sent: only formatting survives, nothing that can run, load
// or submit anything. The member's screen cleans it once more before showing it.
//
// The cleaning (reply-cleaning.ts) runs in a worker thread, within limits of size, depth and time
// (html-cleaning-pool.ts); beyond them the reply is refused with a 400 REPLY_TOO_COMPLEX whose
// message says what is wrong.

/** The reply as it may be stored and sent: formatting only. */
export function cleanReplyHtml(html: string): Promise<string> {
  return cleanHtml("reply", html);
}

/** Whether a cleaned reply still says anything (a reply of empty paragraphs is refused). */
export function replyHasText(cleanedHtml: string): Promise<boolean> {
  return cleanHtml("replyHasText", cleanedHtml);
}
