import type { QueryStatus } from "./limits.js";

// Where a query's answer stands, decided once for every page that says so (the query's page, an
// update's page, the open lists), so that no two sentences of one page disagree: "Replied on …"
// beside "No reply has been sent to you by email yet", or "Reply expected by …" on a closed query.

export interface ReplyStatusInput {
  /** OPEN or CLOSED; absent where the answer does not carry it (the open list: open by definition). */
  status?: QueryStatus | undefined;
  /** The newest reply of the query's thread sent since the query was logged (ISO); null or absent: none. */
  repliedAt?: string | null | undefined;
  /** The last day of the reply promise (yyyy-MM-dd); null for queries from before it was kept. */
  replyExpectedBy: string | null;
  /** Today in the scheme's time zone (yyyy-MM-dd): a promise is late only once its day has passed. */
  today: string;
  /**
   * Whether this query's own reply can be opened here (its agent response is there); absent where
   * nothing is opened (the lists). A reply in the thread that answered another of its queries is
   * then a reply too, opened from that query's page.
   */
  ownReply?: boolean | undefined;
}

export type ReplyStatus =
  /** Answered, and the reply opens on this page (or, in a list, on the query's page). */
  | { kind: "REPLIED"; on: string | null }
  /** Answered in the conversation, by a reply to another of its queries. */
  | { kind: "REPLIED_IN_CONVERSATION"; on: string }
  /** Closed without a reply since it was logged: nothing is promised any more. */
  | { kind: "CLOSED" }
  /** Open, unanswered, its promised day today or later. */
  | { kind: "EXPECTED"; by: string }
  /** Open, unanswered, its promised day passed. */
  | { kind: "LATE"; by: string }
  /** Open, unanswered, from before reply dates were kept. */
  | { kind: "AWAITING" };

export function replyStatus(input: ReplyStatusInput): ReplyStatus {
  const on = input.repliedAt ?? null;
  if (input.ownReply === true) return { kind: "REPLIED", on };
  if (on !== null)
    return input.ownReply === false ? { kind: "REPLIED_IN_CONVERSATION", on } : { kind: "REPLIED", on };
  if (input.status === "CLOSED") return { kind: "CLOSED" };
  if (input.replyExpectedBy === null) return { kind: "AWAITING" };
  return input.today <= input.replyExpectedBy
    ? { kind: "EXPECTED", by: input.replyExpectedBy }
    : { kind: "LATE", by: input.replyExpectedBy };
}

/** Whether "No reply has been sent to you by email yet" is true of this state: open and unanswered. */
export function awaitingReply(status: ReplyStatus): boolean {
  return status.kind === "EXPECTED" || status.kind === "LATE" || status.kind === "AWAITING";
}
