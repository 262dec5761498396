import { randomUUID } from "node:crypto";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { ATTACHMENTS_FIELD } from "@portal/domain";
import type { PortalSession } from "./portal-session.js";

// The busy hour's load: each member and each agent a loop of its own, as a person at a browser
// works (one call at a time, a pause between rounds), so the rate follows from the people and the
// portal's answers rather than being forced. Every call's time and status is kept; every write
// carries a marker of its own in its text, to find it in the database afterwards. Every loop stops
// by itself at the end of the run, and every call gives up after CALL_TIMEOUT_MS.

export const CALL_KINDS = [
  "list",
  "view",
  "submit",
  "queue",
  "search",
  "desk view",
  "reply",
  "close",
] as const;
export type CallKind = (typeof CALL_KINDS)[number];

export interface Call {
  kind: CallKind;
  /** Which portal process answered (its index). */
  portal: number;
  /** From the run's start. */
  fromMs: number;
  toMs: number;
  /** The HTTP status; 0 when no answer came (refused, reset, timed out). */
  status: number;
  /** For a failure: the answer's exceptionCode, or the network error's name. */
  detail?: string;
}

export interface Write {
  kind: "submit" | "reply" | "close";
  marker: string;
  status: number;
  /** The answer's reference number (a submission) or reply id; null without a 200. */
  id: number | null;
  /** A reply's conversation. */
  conversation: number | null;
  fromMs: number;
  toMs: number;
}

export interface Actor {
  session: PortalSession;
  portal: number;
  email: string;
}

export interface BusyLoad {
  calls: Call[];
  writes: Write[];
  seconds: number;
  /** The load generator's own event-loop delay (it times every call), p99 and max. */
  loopDelayP99Ms: number;
  loopDelayMaxMs: number;
}

const CALL_TIMEOUT_MS = 30_000;
const LIST_PATH = "/api/smart-inquiry/member-queries?daysAgo=7&status=OPEN&origin=MEMBER_WEB";
const SUBMIT_PATH = "/api/smart-inquiry/member-queries/query-additional-info";
/** The open tab, newest message first: the members' new queries come first, as at a busy hour. */
const QUEUE_PATH = "/api/console/queries?status=OPEN&sort=-latest";
export const BUSY_PDF_BYTES = 200 * 1024;
/** One reply in REPLIES_PER_CLOSE closes its conversation. */
const REPLIES_PER_CLOSE = 4;

/** A 200 KB file the attachment check takes for a PDF (its first bytes are what it reads). */
export function busyPdf(): Uint8Array {
  const bytes = new Uint8Array(BUSY_PDF_BYTES).fill(0x20);
  bytes.set(new TextEncoder().encode("%PDF-1.4\n"));
  bytes.set(new TextEncoder().encode("\n%%EOF\n"), BUSY_PDF_BYTES - 7);
  return bytes;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const between = (min: number, max: number) => min + Math.random() * (max - min);
function pick<T>(items: readonly T[]): T | undefined {
  return items[Math.floor(Math.random() * items.length)];
}

class LoadRun {
  readonly calls: Call[] = [];
  readonly writes: Write[] = [];
  constructor(
    readonly t0: number,
    readonly lengthMs: number,
    readonly tag: string,
  ) {}

  now = () => performance.now() - this.t0;
  running = () => this.now() < this.lengthMs;

  /** A jittered pause, cut short at the run's end. */
  pause(minMs: number, maxMs: number): Promise<unknown> {
    return sleep(Math.max(0, Math.min(between(minMs, maxMs), this.lengthMs - this.now())));
  }

  async call(actor: Actor, kind: CallKind, path: string, init: RequestInit = {}) {
    const fromMs = this.now();
    let status = 0;
    let body: unknown = null;
    let detail: string | undefined;
    try {
      const response = await actor.session.fetch(path, {
        ...init,
        signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
      });
      status = response.status;
      const text = await response.text();
      if (response.headers.get("content-type")?.includes("json")) body = JSON.parse(text);
      if (status >= 300) detail = (body as { exceptionCode?: string } | null)?.exceptionCode;
    } catch (error) {
      detail = (error as Error).cause
        ? String((error as { cause: { code?: string } }).cause.code)
        : (error as Error).name;
    }
    const call: Call = {
      kind,
      portal: actor.portal,
      fromMs,
      toMs: this.now(),
      status,
      ...(detail ? { detail } : {}),
    };
    this.calls.push(call);
    return { call, body };
  }
}

async function submit(run: LoadRun, actor: Actor, member: number, count: number, pdf: Uint8Array) {
  const marker = `BH-${run.tag}-${member}-${count}`;
  const form = new FormData();
  form.append("subCategory", "CLAIM_NOT_PAID");
  form.append(
    "query",
    `${marker}: my claim for the physiotherapy visit was paid in part. Please check it against the account attached.`,
  );
  form.append("email", actor.email);
  form.append("category", "MEDICAL_CLAIMS");
  form.append("origin", "MEMBER_WEB");
  form.append("ccEmail", "");
  form.append(ATTACHMENTS_FIELD, new File([pdf], "account.pdf", { type: "application/pdf" }));
  // A key of its own, as the browser's form makes one for each new content.
  const { call, body } = await run.call(actor, "submit", SUBMIT_PATH, {
    method: "POST",
    headers: { "idempotency-key": randomUUID() },
    body: form,
  });
  const id =
    call.status === 200 ? ((body as { referenceNumber?: number } | null)?.referenceNumber ?? null) : null;
  run.writes.push({ kind: "submit", marker, status: call.status, id, conversation: null, ...times(call) });
}

const times = (call: Call) => ({ fromMs: call.fromMs, toMs: call.toMs });

/** List, view one of the member's queries, send a new one with a 200 KB PDF, pause 1-3 s. */
async function memberLoop(run: LoadRun, actor: Actor, member: number, pdf: Uint8Array): Promise<void> {
  let sent = 0;
  await run.pause(0, 3000);
  while (run.running()) {
    const list = await run.call(actor, "list", LIST_PATH);
    const references = ((list.body as { queries?: { referenceNumber: number }[] } | null)?.queries ?? []).map(
      (query) => query.referenceNumber,
    );
    const reference = pick(references);
    if (reference !== undefined && run.running()) {
      await run.call(actor, "view", `/api/smart-inquiry/member-queries/${reference}?origin=MEMBER_WEB`);
    }
    if (!run.running()) break;
    sent += 1;
    await submit(run, actor, member, sent, pdf);
    await run.pause(1000, 3000);
  }
}

interface Seen {
  replyId: number | null;
  messageReference: number;
}

/** What the agent saw on the query page: the newest reply and the member's newest message. */
function seenOf(body: unknown): Seen | undefined {
  const query = (
    body as { query?: { thread: { referenceNumber: number }[]; replies: { id: number }[] } } | null
  )?.query;
  const newest = query?.thread.at(-1);
  if (!query || !newest) return undefined;
  const replyIds = query.replies.map((reply) => reply.id);
  return {
    replyId: replyIds.length > 0 ? Math.max(...replyIds) : null,
    messageReference: newest.referenceNumber,
  };
}

/** The open tab's conversations that are `agent`'s (see agentLoop). */
async function agentsRows(run: LoadRun, actor: Actor, agent: number, agents: number) {
  const queue = await run.call(actor, "queue", QUEUE_PATH);
  const rows = (queue.body as { queries?: { referenceNumber: number }[] } | null)?.queries ?? [];
  return { rows, mine: rows.filter((row) => row.referenceNumber % agents === agent) };
}

/** The query page, then a reply as the composer sends it: its idempotency key and what it saw. */
async function viewAndReply(
  run: LoadRun,
  actor: Actor,
  agent: number,
  reference: number,
  count: number,
  close: boolean,
) {
  const view = await run.call(actor, "desk view", `/api/console/queries/${reference}`);
  const seen = seenOf(view.body);
  if (!seen || !run.running()) return;
  const marker = `BHR-${run.tag}-${agent}-${count}`;
  const reply = await run.call(
    actor,
    close ? "close" : "reply",
    `/api/console/queries/${reference}/replies`,
    {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        html: `<p>Thank you for your query (${marker}). We have checked the claim and paid the balance.</p>`,
        close,
        idempotencyKey: randomUUID(),
        seenReplyId: seen.replyId,
        seenMessageReference: seen.messageReference,
      }),
    },
  );
  const id =
    reply.call.status === 200 ? ((reply.body as { replyId?: number } | null)?.replyId ?? null) : null;
  run.writes.push({
    kind: close ? "close" : "reply",
    marker,
    status: reply.call.status,
    id,
    conversation: reference,
    ...times(reply.call),
  });
}

/**
 * The queue, a search, a conversation, a reply, one reply in four closing; pause 0.5-1.5 s. Each
 * agent takes only the conversations whose number is theirs modulo the agents: two agents
 * answering the same one would be refused 409 (the conversation changed) as the portal should,
 * and that is not what the busy hour measures.
 */
async function agentLoop(
  run: LoadRun,
  actor: Actor,
  agent: number,
  agents: number,
  surnames: readonly string[],
): Promise<void> {
  let round = 0;
  let replies = 0;
  await run.pause(0, 1500);
  while (run.running()) {
    round += 1;
    const { rows, mine } = await agentsRows(run, actor, agent, agents);
    if (!run.running()) break;
    // A word, a member's surname, a reference number, in turn.
    const terms = [
      "physiotherapy",
      pick(surnames) ?? "Busyhour",
      String(rows[0]?.referenceNumber ?? "benefit"),
    ];
    const term = terms[round % terms.length] ?? "physiotherapy";
    await run.call(actor, "search", `/api/console/queries?search=${encodeURIComponent(term)}`);
    const reference = pick(mine)?.referenceNumber;
    if (reference !== undefined && run.running()) {
      replies += 1;
      await viewAndReply(run, actor, agent, reference, replies, replies % REPLIES_PER_CLOSE === 0);
    }
    await run.pause(500, 1500);
  }
}

/** Starts every member's and agent's loop for `seconds`; t0 is the run's start (performance.now()). */
export function startBusyLoad(options: {
  members: readonly Actor[];
  agents: readonly Actor[];
  surnames: readonly string[];
  seconds: number;
  tag: string;
  pdf: Uint8Array;
}): { t0: number; done: Promise<BusyLoad> } {
  const { members, agents, seconds } = options;
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const run = new LoadRun(performance.now(), seconds * 1000, options.tag);
  const loops = [
    ...members.map((actor, index) => memberLoop(run, actor, index, options.pdf)),
    ...agents.map((actor, index) => agentLoop(run, actor, index, agents.length, options.surnames)),
  ];
  const done = Promise.all(loops).then(() => {
    delay.disable();
    return {
      calls: run.calls,
      writes: run.writes,
      seconds,
      loopDelayP99Ms: delay.percentile(99) / 1e6,
      loopDelayMaxMs: delay.max / 1e6,
    };
  });
  return { t0: run.t0, done };
}

/**
 * Before the measure, not counted: one query from every member, then a reply from every agent, so
 * that each process has compiled its paths, opened its pool's connections and started its HTML
 * cleaning workers, and every member has a query to view. The failures, if any (there should be none).
 */
export async function warmUp(
  members: readonly Actor[],
  agents: readonly Actor[],
  pdf: Uint8Array,
  tag: string,
) {
  const run = new LoadRun(performance.now(), 120_000, `${tag}w`);
  await Promise.all(
    members.map(async (actor, index) => {
      await sleep(between(0, 2000));
      await submit(run, actor, index, 1, pdf);
    }),
  );
  await Promise.all(
    agents.map(async (actor, index) => {
      const reference = (await agentsRows(run, actor, index, agents.length)).mine[0]?.referenceNumber;
      if (reference !== undefined) await viewAndReply(run, actor, index, reference, 1, false);
    }),
  );
  return run.calls.filter((call) => call.status !== 200);
}

/**
 * The writes one at a time with nothing else running (one member, then one agent), before a run:
 * what a submission and a reply cost by themselves, beside what they cost at the busy hour.
 */
export async function oneAtATime(member: Actor, agent: Actor, agents: number, pdf: Uint8Array, tag: string) {
  const run = new LoadRun(performance.now(), 120_000, `${tag}p`);
  for (let count = 1; count <= 10; count += 1) await submit(run, member, 0, count, pdf);
  const reference = (await agentsRows(run, agent, 0, agents)).mine[0]?.referenceNumber;
  for (let count = 1; count <= 10 && reference !== undefined; count += 1) {
    await viewAndReply(run, agent, 0, reference, count, false);
  }
  return run.calls;
}
