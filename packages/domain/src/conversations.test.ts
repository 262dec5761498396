import { describe, expect, it } from "vitest";
import { isConversationOverdue, queueDueKey } from "./conversations.js";

describe("isConversationOverdue", () => {
  const today = "2026-11-24";
  it("is overdue only when open, waiting on the scheme and past the last day", () => {
    expect(
      isConversationOverdue({ status: "OPEN", waitingOn: "AGENT", replyDueOn: "2026-11-23" }, today),
    ).toBe(true);
    expect(isConversationOverdue({ status: "OPEN", waitingOn: "AGENT", replyDueOn: today }, today)).toBe(
      false,
    );
    expect(
      isConversationOverdue({ status: "CLOSED", waitingOn: "AGENT", replyDueOn: "2026-11-01" }, today),
    ).toBe(false);
    expect(isConversationOverdue({ status: "OPEN", waitingOn: "MEMBER", replyDueOn: null }, today)).toBe(
      false,
    );
  });

  it("counts a message with no recorded promise as overdue, as the queue's order puts it first", () => {
    const unpromised = { status: "OPEN" as const, waitingOn: "AGENT" as const, replyDueOn: null };
    expect(isConversationOverdue(unpromised, today)).toBe(true);
    expect(queueDueKey(unpromised)).toBe("-infinity");
    expect(queueDueKey({ waitingOn: "MEMBER", replyDueOn: null })).toBe("infinity");
    expect(queueDueKey({ waitingOn: "AGENT", replyDueOn: "2026-11-27" })).toBe("2026-11-27");
  });
});
