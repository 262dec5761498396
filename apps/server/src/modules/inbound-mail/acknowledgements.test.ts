import { DEFAULT_BRAND } from "@portal/domain";
import { describe, expect, it } from "vitest";
import { emailedAcknowledgement, refusalNotice } from "./acknowledgements.js";

// The dates of the mails answering a member's e-mail, in the one format (decision 0035).

const about = { to: ["member@example.com"], cc: [], memberEntityNumber: 7, answers: null };

describe("acknowledgements of e-mailed replies", () => {
  it("promises the reply by the day as yyyy-MM-dd", () => {
    const base = {
      ...about,
      referenceNumber: 300101,
      refusal: null,
      replyDueOn: "2026-11-24",
      refusedFiles: [],
    };
    const query = emailedAcknowledgement(DEFAULT_BRAND, {
      ...base,
      conversation: null,
      outcome: "NEW_QUERY",
    });
    expect(query.text).toContain("We aim to reply within one to two business days, by 2026-11-24.");
    const update = emailedAcknowledgement(DEFAULT_BRAND, {
      ...base,
      conversation: 300001,
      outcome: "UPDATE",
    });
    expect(update.text).toContain("We aim to reply within two to three business days, by 2026-11-24.");
    const closed = emailedAcknowledgement(DEFAULT_BRAND, {
      ...base,
      conversation: 300001,
      outcome: "NEW_QUERY",
      refusal: "CLOSED",
    });
    expect(closed.text).toContain("We aim to reply within one to two business days, by 2026-11-24.");
  });

  it("says when to send again as yyyy-MM-dd HH:mm in the scheme's zone, past midnight there", () => {
    const notice = refusalNotice(DEFAULT_BRAND, {
      ...about,
      conversation: 300001,
      reason: "QUERY_LIMIT",
      limits: { queriesPerHour: 3, uploadMbPerDay: 50, filesPerMessage: 5 },
      // 22:05 UTC on the 23rd is 00:05 on the 24th in Johannesburg.
      retryAt: new Date("2026-11-23T22:05:00Z"),
      timeZone: "Africa/Johannesburg",
    });
    expect(notice.text).toContain(
      "Please send it again after 2026-11-24 00:05, or add it to your query in the member portal then.",
    );
  });
});
