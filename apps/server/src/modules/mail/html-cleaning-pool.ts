import os from "node:os";
import { Worker } from "node:worker_threads";
import { errors } from "../../lib/errors.js";
import { DEFAULT_HTML_LIMITS, type HtmlLimits, type HtmlRefusal } from "./html-shape.js";
import type { CleaningKind, CleaningResult } from "./reply-cleaning.js";

// Cleaning HTML is work for a DOM, and a DOM can be made to work for minutes (20,000
// nested <div> held the event loop four minutes; every member's request waited). So it is never
// done on the event loop: each HTML goes to a worker thread, which measures it (html-shape.ts)
// and refuses it beyond the limits, or cleans it (reply-cleaning.ts). A worker that takes longer
// than the time limit is ended, and the HTML refused as too complex; a new worker takes its place.
// The event loop only counts the HTML's characters and passes messages.

export interface CleaningRequest {
  id: number;
  kind: CleaningKind;
  html: string;
}

export type CleaningReply =
  | { id: number; value: unknown }
  | { id: number; refusal: HtmlRefusal }
  | { id: number; failure: string };

export interface HtmlCleaningOptions {
  /** How long a worker may spend on one HTML before it is ended and the HTML refused. */
  timeLimitMs: number;
  /** Worker threads at most, each with its own JSDOM. */
  workers: number;
  /** HTML waiting for a worker at most; beyond that, 503. */
  maxWaiting: number;
  limits: HtmlLimits;
}

export const HTML_CLEANING_DEFAULTS: HtmlCleaningOptions = {
  // The slowest reply within the limits that reads like one (5,000 paragraphs and bolds) takes
  // about 1.5 s a cleaning in a fresh worker on a busy two-core machine (decision 0016).
  timeLimitMs: 5_000,
  // The event loop keeps a core of its own where there are more than two.
  workers: Math.max(1, Math.min(2, os.availableParallelism() - 1)),
  maxWaiting: 50,
  limits: DEFAULT_HTML_LIMITS,
};

/** The most a worker's heap may grow to; past it the worker ends and the HTML is refused. */
const WORKER_HEAP_MB = 256;

interface Task {
  kind: CleaningKind;
  html: string;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

interface Slot {
  worker: Worker;
  ready: boolean;
  running?: Task & { id: number; timer: NodeJS.Timeout };
}

export interface HtmlCleaningPool {
  clean<K extends CleaningKind>(kind: K, html: string): Promise<CleaningResult<K>>;
  close(): Promise<void>;
}

export function createHtmlCleaningPool(given: Partial<HtmlCleaningOptions> = {}): HtmlCleaningPool {
  const options = { ...HTML_CLEANING_DEFAULTS, ...given };
  const slots = new Set<Slot>();
  const waiting: Task[] = [];
  let lastId = 0;
  let closed = false;

  const start = () => {
    const slot: Slot = { worker: startWorker(options.limits), ready: false };
    slots.add(slot);
    slot.worker.on("message", (message: "ready" | CleaningReply) => {
      if (message === "ready") {
        slot.ready = true;
        next(slot);
        return;
      }
      const task = slot.running;
      if (!task || task.id !== message.id) return;
      clearTimeout(task.timer);
      slot.running = undefined;
      if ("refusal" in message) task.reject(errors.replyTooComplex(message.refusal));
      else if ("failure" in message) task.reject(new Error(`HTML cleaning failed: ${message.failure}`));
      else task.resolve(message.value);
      next(slot);
    });
    slot.worker.on("error", (error) => stop(slot, error));
    slot.worker.on("exit", (code) => stop(slot, new Error(`the HTML cleaning worker stopped (${code})`)));
  };

  /**
   * Ends a worker, failing what it was doing. One ended in the middle of an HTML is replaced at
   * once (its JSDOM takes a second or two to load), so the next HTML does not wait for that.
   */
  const stop = (slot: Slot, error: unknown) => {
    if (!slots.delete(slot)) return;
    const task = slot.running;
    if (task) {
      clearTimeout(task.timer);
      const outOfMemory = (error as { code?: unknown }).code === "ERR_WORKER_OUT_OF_MEMORY";
      task.reject(outOfMemory ? errors.replyTooComplex("time") : error);
    } else if (!slot.ready) {
      // A worker that cannot start fails what waits for it, rather than starting again forever.
      for (const waiter of waiting.splice(0)) waiter.reject(error);
    }
    void slot.worker.terminate();
    if (task && !closed && slots.size < options.workers) start();
    fill();
  };

  /** Gives a ready, idle worker the next HTML waiting, with the time limit running. */
  const next = (slot: Slot) => {
    if (!slot.ready || slot.running) return;
    const task = waiting.shift();
    if (!task) {
      // Idle: the worker does not keep the process alive.
      slot.worker.unref();
      return;
    }
    lastId += 1;
    const id = lastId;
    const timer = setTimeout(() => stop(slot, errors.replyTooComplex("time")), options.timeLimitMs);
    slot.running = { ...task, id, timer };
    slot.worker.ref();
    slot.worker.postMessage({ id, kind: task.kind, html: task.html } satisfies CleaningRequest);
  };

  /** Hands waiting HTML to idle workers, and starts workers (up to the limit) for the rest. */
  const fill = () => {
    if (closed) return;
    for (const slot of slots) next(slot);
    const starting = [...slots].filter((slot) => !slot.ready).length;
    for (let more = waiting.length - starting; more > 0 && slots.size < options.workers; more -= 1) start();
  };

  return {
    clean<K extends CleaningKind>(kind: K, html: string) {
      if (closed) return Promise.reject(new Error("the HTML cleaning pool is closed"));
      // The one look at the HTML on the event loop: its length, read, not scanned.
      if (html.length > options.limits.maxLength) return Promise.reject(errors.replyTooComplex("length"));
      if (waiting.length >= options.maxWaiting) return Promise.reject(errors.cleaningBusy());
      return new Promise<CleaningResult<K>>((resolve, reject) => {
        waiting.push({ kind, html, resolve: resolve as (value: unknown) => void, reject });
        fill();
      });
    },
    async close() {
      closed = true;
      for (const waiter of waiting.splice(0)) waiter.reject(new Error("the HTML cleaning pool is closed"));
      const ending = [...slots];
      slots.clear();
      for (const slot of ending) {
        if (slot.running) clearTimeout(slot.running.timer);
        slot.running?.reject(new Error("the HTML cleaning pool is closed"));
      }
      await Promise.all(ending.map((slot) => slot.worker.terminate()));
    },
  };
}

function startWorker(limits: HtmlLimits): Worker {
  const options = { workerData: { limits }, resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB } };
  if (!import.meta.url.endsWith(".ts")) {
    return new Worker(new URL("./html-cleaning-worker.js", import.meta.url), options);
  }
  // Run from the TypeScript sources (the tests): the worker loads tsx first, and reads
  // @portal/domain from its sources as vitest does.
  const entry = new URL("./html-cleaning-worker.ts", import.meta.url).href;
  const tsx = import.meta.resolve("tsx/esm/api");
  const boot = `import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); });`;
  return new Worker(boot, { ...options, eval: true, execArgv: ["--conditions=source"] });
}

let shared: HtmlCleaningPool | undefined;

/**
 * The HTML cleaned as `kind` says (reply-cleaning.ts: CLEANERS), in a worker. Rejects with a 400
 * REPLY_TOO_COMPLEX naming what is wrong when the HTML is beyond the limits or takes too long,
 * and with a 503 when too much is already waiting.
 */
export function cleanHtml<K extends CleaningKind>(kind: K, html: string): Promise<CleaningResult<K>> {
  shared ??= createHtmlCleaningPool();
  return shared.clean(kind, html);
}
