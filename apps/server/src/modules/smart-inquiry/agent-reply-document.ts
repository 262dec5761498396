import { REPLY_ROOT_CLASS, REPLY_STYLESHEET } from "@portal/domain";
import { cleanHtml } from "../mail/index.js";

// The agent's e-mail as its own document, for the member's sandboxed frame. It has a policy of its
// own (the page's forbids inline styles, and a srcdoc frame inherits the page's): nothing may load
// or run, only the e-mail's inline styles and data: images apply, and the document is sandboxed
// without scripts. allow-same-origin lets the portal page measure it to size the frame; with no
// script allowed nothing in it can use that. The HTML is cleaned again, whatever was stored, in the
// cleaning worker (mail/reply-cleaning.ts: purifyForDocument), within its limits.

export const AGENT_REPLY_DOCUMENT_CSP = [
  "default-src 'none'",
  "style-src 'unsafe-inline'",
  "img-src data:",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'self'",
  "sandbox allow-same-origin allow-popups allow-popups-to-escape-sandbox",
].join("; ");

/**
 * The portal page's font and a margin like the card's, so the e-mail reads as part of the page,
 * then the one stylesheet of a reply (REPLY_STYLESHEET), which the console's preview uses too.
 */
const PAGE_LOOK = `body{margin:0;padding:.5rem;font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue","Noto Sans","Liberation Sans",Arial,sans-serif;font-size:1rem;line-height:1.5;color:#212529}\n${REPLY_STYLESHEET}`;

/** Formatting, tables, links, data: images and inline styles: nothing that runs, loads or submits. */
export function cleanAgentReply(html: string): Promise<string> {
  return cleanHtml("document", html);
}

export async function agentReplyDocument(html: string): Promise<string> {
  // lang: the reply is in English, as the portal is; a screen reader reads it so.
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Response sent via email</title><style>${PAGE_LOOK}</style></head><body class="${REPLY_ROOT_CLASS}">${await cleanAgentReply(html)}</body></html>`;
}
