import { parentPort, workerData } from "node:worker_threads";
import type { CleaningReply, CleaningRequest } from "./html-cleaning-pool.js";
import { type HtmlLimits, htmlRefusal } from "./html-shape.js";
import { CLEANERS } from "./reply-cleaning.js";

// The cleaning worker (html-cleaning-pool.ts starts it): measures each HTML it is sent, then
// cleans it with DOMPurify over JSDOM. It takes one HTML at a time; the pool ends it when one
// takes too long.

const limits = (workerData as { limits: HtmlLimits }).limits;
const port = parentPort;
if (!port) throw new Error("html-cleaning-worker.ts runs as a worker thread");

port.on("message", ({ id, kind, html }: CleaningRequest) => {
  let reply: CleaningReply;
  try {
    const refusal = htmlRefusal(html, limits);
    reply = refusal ? { id, refusal } : { id, value: CLEANERS[kind](html) };
  } catch (error) {
    reply = { id, failure: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
  port.postMessage(reply);
});
port.postMessage("ready");
