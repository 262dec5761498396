import { describe, expect, it } from "vitest";
import { awaitingReply, type ReplyStatusInput, replyStatus } from "./reply-status.js";

const today = "2026-11-24";
const base: ReplyStatusInput = { replyExpectedBy: "2026-11-24", today };
const sent = "2026-12-01T09:00:00.000Z";

describe("replyStatus", () => {
  it.each<[string, Partial<ReplyStatusInput>, ReturnType<typeof replyStatus>]>([
    ["open, unanswered, due today", {}, { kind: "EXPECTED", by: "2026-11-24" }],
    ["open, unanswered, due yesterday", { today: "2026-11-25" }, { kind: "LATE", by: "2026-11-24" }],
    ["open, unanswered, no date kept", { replyExpectedBy: null }, { kind: "AWAITING" }],
    ["open, answered (a list: nothing opens there)", { repliedAt: sent }, { kind: "REPLIED", on: sent }],
    ["open, answered here", { repliedAt: sent, ownReply: true }, { kind: "REPLIED", on: sent }],
    [
      "an update answered with another query of its conversation",
      { repliedAt: sent, ownReply: false },
      { kind: "REPLIED_IN_CONVERSATION", on: sent },
    ],
    ["closed, unanswered, its day passed", { status: "CLOSED", today: "2026-12-02" }, { kind: "CLOSED" }],
    ["closed, unanswered, no date kept", { status: "CLOSED", replyExpectedBy: null }, { kind: "CLOSED" }],
    [
      "closed, answered here",
      { status: "CLOSED", repliedAt: sent, ownReply: true },
      { kind: "REPLIED", on: sent },
    ],
    [
      "closed, answered with another query",
      { status: "CLOSED", repliedAt: sent, ownReply: false },
      { kind: "REPLIED_IN_CONVERSATION", on: sent },
    ],
    [
      "its own reply without a thread date",
      { ownReply: true, repliedAt: null },
      { kind: "REPLIED", on: null },
    ],
  ])("%s", (_name, change, expected) => {
    expect(replyStatus({ ...base, ...change })).toEqual(expected);
  });

  it("says no reply was sent yet only of an open query without one", () => {
    const kinds = [
      replyStatus(base),
      replyStatus({ ...base, today: "2026-11-30" }),
      replyStatus({ ...base, replyExpectedBy: null }),
    ];
    expect(kinds.map(awaitingReply)).toEqual([true, true, true]);
    for (const answered of [
      replyStatus({ ...base, repliedAt: sent }),
      replyStatus({ ...base, repliedAt: sent, ownReply: false }),
      replyStatus({ ...base, status: "CLOSED" }),
    ]) {
      expect(awaitingReply(answered)).toBe(false);
    }
  });
});
