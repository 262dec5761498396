import { describe, expect, it } from "vitest";
import { fillCannedReply } from "./canned-replies.js";

describe("fillCannedReply", () => {
  it("fills every placeholder, each as often as it appears", () => {
    const html =
      "<p>Dear {{firstName}}, about {{referenceNumber}} ({{referenceNumber}}): by {{dueDate}}.</p>";
    expect(
      fillCannedReply(html, { firstName: "Thandi", referenceNumber: 300123, dueDate: "2026-11-27" }),
    ).toBe("<p>Dear Thandi, about 300123 (300123): by 2026-11-27.</p>");
  });

  it("escapes the member's name as text and leaves a placeholder that has no value", () => {
    expect(
      fillCannedReply("<p>{{firstName}} {{dueDate}}</p>", {
        firstName: "<b>Zo&</b>",
        referenceNumber: 1,
        dueDate: null,
      }),
    ).toBe("<p>&lt;b&gt;Zo&amp;&lt;/b&gt; {{dueDate}}</p>");
  });
});
