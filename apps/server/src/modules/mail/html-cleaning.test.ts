import { monitorEventLoopDelay } from "node:perf_hooks";
import { REPLY_HTML_LIMITS, REPLY_TOO_COMPLEX_MESSAGES } from "@portal/domain";
import { describe, expect, it } from "vitest";
import { createHtmlCleaningPool } from "./html-cleaning-pool.js";
import { htmlRefusal } from "./html-shape.js";
import { prepareReply } from "./reply-html.js";

const cleanReplyHtml = async (html: string) => (await prepareReply(html)).html;

// HTML is measured before any DOM sees it, and cleaned in a worker thread within a time
// limit, so no reply can hold the event loop.

const nested = (tag: string, n: number) => `${`<${tag}>`.repeat(n)}x${`</${tag}>`.repeat(n)}`;
/** Bolds left open, which the parser makes again in each of the paragraphs that follow. */
const multiplied = (bolds: number, paragraphs: number) =>
  `<p>${Array.from({ length: bolds }, (_, i) => `<b id=b${i}>`).join("")}x${"</p><p>x".repeat(paragraphs)}`;
/** Within every limit, and still slow to clean: DOMPurify removes each image from a long row. */
const slowToClean = "<img src=x>".repeat(REPLY_HTML_LIMITS.maxElements - 10);

const refusal = (reason: keyof typeof REPLY_TOO_COMPLEX_MESSAGES) => ({
  statusCode: 400,
  exceptionCode: "REPLY_TOO_COMPLEX",
  message: REPLY_TOO_COMPLEX_MESSAGES[reason],
});

describe("the shape of HTML, measured without a DOM", () => {
  it("takes HTML as deep as the limit and refuses one level more, through templates and svg too", () => {
    expect(htmlRefusal(nested("blockquote", 64))).toBeNull();
    expect(htmlRefusal(nested("blockquote", 65))).toBe("depth");
    expect(htmlRefusal(`${"<div>".repeat(19_999)}x`)).toBe("depth");
    expect(htmlRefusal(nested("template", 65))).toBe("depth");
    expect(htmlRefusal(`<svg>${nested("g", 64)}</svg>`)).toBe("depth");
    // Misnested bold: each "<p><b>" makes every earlier bold again, one inside the other.
    expect(htmlRefusal(Array.from({ length: 100 }, (_, i) => `<p><b id=b${i}>x</p>`).join(""))).toBe("depth");
  });

  it("counts the elements the parser makes, comments included, not the tags written", () => {
    const most = REPLY_HTML_LIMITS.maxElements;
    expect(htmlRefusal("<p>x</p>".repeat(most))).toBeNull();
    expect(htmlRefusal("<p>x</p>".repeat(most + 1))).toBe("elements");
    expect(htmlRefusal("<!--x-->".repeat(most + 1))).toBe("elements");
    // 2,002 tags, 6,000 elements.
    expect(htmlRefusal(multiplied(2, 2000))).toBe("elements");
  });

  it("adds up the nesting: many elements deep inside others are refused, the same at the top are not", () => {
    expect(htmlRefusal(`${"<div>".repeat(60)}${"<b>x</b>".repeat(1000)}`)).toBe("nesting");
    expect(htmlRefusal(`<div>${"<b>x</b>".repeat(1000)}</div>`)).toBeNull();
    expect(htmlRefusal(multiplied(60, 100))).toBe("nesting");
  });

  it("refuses HTML longer than a reply may be", () => {
    expect(htmlRefusal("x".repeat(100_001))).toBe("length");
  });
});

describe("cleaning replies in a worker", () => {
  it("keeps the formatting as before: bold, italic, lists, links, tables; drops what runs or loads", async () => {
    const clean = await cleanReplyHtml(
      '<p onclick="x()">Dear <b>member</b>, <i>see</i> <a href="https://meridian.example/a?b=1&c=2">this</a> or <a href="javascript:x()">that</a>.</p><ul><li>One<ul><li>Inner</li></ul></li></ul><ol><li>Two</li></ol><table style="width:9pt"><thead><tr><th scope="col">Claim</th></tr></thead><tbody><tr><td colspan="2">R 450</td></tr></tbody></table><script>x()</script><img src=x onerror="y()"><h2>Next</h2><blockquote>Quoted</blockquote>',
    );
    expect(clean).toBe(
      '<p>Dear <b>member</b>, <i>see</i> <a href="https://meridian.example/a?b=1&amp;c=2" rel="noopener noreferrer">this</a> or <a>that</a>.</p><ul><li>One<ul><li>Inner</li></ul></li></ul><ol><li>Two</li></ol><table><thead><tr><th scope="col">Claim</th></tr></thead><tbody><tr><td colspan="2">R 450</td></tr></tbody></table><h2>Next</h2><blockquote>Quoted</blockquote>',
    );
    expect((await prepareReply(clean)).hasText).toBe(true);
    expect((await prepareReply("<p>&nbsp;</p><p><br></p><img src=x>")).hasText).toBe(false);
  });

  it("prepares a reply in one trip: the HTML to store, whether it says anything, and the mail's HTML and text", async () => {
    const prepared = await prepareReply(
      '<p onclick="x()">Paid on <b>3 Nov</b>.</p><table><tr><td>R 450</td></tr></table><script>x()</script>',
    );
    expect(prepared.html).toBe(
      "<p>Paid on <b>3 Nov</b>.</p><table><tbody><tr><td>R 450</td></tr></tbody></table>",
    );
    expect(prepared.hasText).toBe(true);
    // The mail's part is the stored reply with borders inline, not a second cleaning of other HTML.
    expect(prepared.mail.html).toContain('<td style="border:1px solid');
    expect(prepared.mail.html).not.toContain("script");
    expect(prepared.mail.text).toContain("Paid on 3 Nov.");
    expect(prepared.mail.text).toContain("R 450");
  });

  it("refuses beyond each limit with 400 REPLY_TOO_COMPLEX and the sentence for it", async () => {
    await expect(cleanReplyHtml(nested("div", 65))).rejects.toMatchObject(refusal("depth"));
    await expect(cleanReplyHtml(multiplied(2, 2000))).rejects.toMatchObject(refusal("elements"));
    await expect(cleanReplyHtml(`${"<div>".repeat(60)}${"<b>x</b>".repeat(1000)}`)).rejects.toMatchObject(
      refusal("nesting"),
    );
    await expect(cleanReplyHtml("x".repeat(100_001))).rejects.toMatchObject(refusal("length"));
  });

  it("ends a worker past the time limit, refuses the HTML, and cleans the next with a new worker, the event loop free throughout", async () => {
    const pool = createHtmlCleaningPool({ timeLimitMs: 300, workers: 1 });
    const delay = monitorEventLoopDelay({ resolution: 10 });
    try {
      expect(await pool.clean("document", "<b>warm</b>")).toBe("<b>warm</b>");
      delay.enable();
      await expect(pool.clean("replyToSend", slowToClean)).rejects.toMatchObject(refusal("time"));
      delay.disable();
      expect(await pool.clean("document", "<b>x</b><script>y()</script>")).toBe("<b>x</b>");
    } finally {
      await pool.close();
    }
    expect(delay.max / 1e6).toBeLessThan(200);
  });

  it("answers 503 when too much HTML already waits for a worker", async () => {
    const pool = createHtmlCleaningPool({ workers: 1, maxWaiting: 1 });
    try {
      const first = pool.clean("document", "<i>first</i>");
      await expect(pool.clean("document", "<i>second</i>")).rejects.toMatchObject({
        statusCode: 503,
        exceptionCode: "SERVICE_UNAVAILABLE",
        headers: { "retry-after": "5" },
      });
      expect(await first).toBe("<i>first</i>");
    } finally {
      await pool.close();
    }
  });
});
