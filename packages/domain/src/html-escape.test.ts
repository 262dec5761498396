import { describe, expect, it } from "vitest";
import { escapeHtml } from "./html-escape.js";

describe("escapeHtml", () => {
  it("writes the characters that end text or an attribute as entities, the ampersand first", () => {
    expect(escapeHtml(`<a href="x" title='y'>&amp;</a>`)).toBe(
      "&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;amp;&lt;/a&gt;",
    );
  });

  it("leaves other text as it is", () => {
    expect(escapeHtml("Reply to query 300001: paid on 2026-11-23 (R 1 200)")).toBe(
      "Reply to query 300001: paid on 2026-11-23 (R 1 200)",
    );
  });
});
