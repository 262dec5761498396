import { cleanHtml } from "./html-cleaning-pool.js";
import type { PreparedReply } from "./reply-cleaning.js";

// An agent's reply is HTML written in the console's editor (bold, italic, lists, links, tables
// pasted from a spreadsheet). It is stored, e-mailed and shown to the member, so it is cleaned here,
// on the server, whatever the browser sent: only formatting survives, nothing that can run, load
// or submit anything. The member's screen cleans it once more before showing it.
//
// The cleaning (reply-cleaning.ts) runs in a worker thread, within limits of size, depth and time
// (html-cleaning-pool.ts); beyond them the reply is refused with a 400 REPLY_TOO_COMPLEX whose
// message says what is wrong.

/**
 * A reply cleaned once for all a send needs: the HTML to store, whether it says anything, and its
 * mail's HTML and text (replySentMail takes it as it is).
 */
export function prepareReply(html: string): Promise<PreparedReply> {
  return cleanHtml("replyToSend", html);
}
