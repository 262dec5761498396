import { describe, expect, it } from "vitest";
import { REPLY_ROOT_CLASS, REPLY_STYLESHEET } from "./reply-stylesheet.js";

describe("the reply's stylesheet", () => {
  const rulesFor = (selector: string) =>
    REPLY_STYLESHEET.split("\n").find(
      (rule) => rule.startsWith(`${selector}{`) || rule.startsWith(`${selector},`),
    );

  it("gives tables their grid and lets a wide one scroll inside the reply", () => {
    expect(rulesFor(".reply-html table")).toMatch(
      /display:block;width:fit-content;max-width:100%;overflow-x:auto/,
    );
    expect(rulesFor(".reply-html th")).toMatch(/border:1px solid #[0-9a-f]{6}/);
  });

  it("keeps words and amounts whole in a table, breaking only what would overflow a paragraph", () => {
    expect(rulesFor(".reply-html th")).toContain("overflow-wrap:normal;word-break:normal");
    expect(REPLY_STYLESHEET).not.toContain("anywhere");
    expect(REPLY_STYLESHEET).not.toContain("break-all");
  });

  it("is scoped to the reply's root, so it styles nothing else of a page", () => {
    for (const rule of REPLY_STYLESHEET.split("\n")) {
      const selectors = rule.slice(0, rule.indexOf("{")).split(",");
      for (const selector of selectors) expect(selector.startsWith(`.${REPLY_ROOT_CLASS}`)).toBe(true);
    }
  });
});
