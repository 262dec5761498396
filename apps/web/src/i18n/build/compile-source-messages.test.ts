import { describe, expect, it } from "vitest";
import { compileSourceMessages } from "./compile-source-messages";
import { readSourceMessages } from "./source-messages";

const source = `export const m = defineMessages({
  plain: { id: "a.plain", message: "Log in" },
  named: {
    id: "a.named",
    message: "Contact {schemeName}",
    comment: "The scheme's name",
  },
  count: { id: "a.count", message: "{count, plural, one {# query} other {# queries}}" },
});
`;

describe("the English messages of a *.messages.ts file", () => {
  it("are read with their ids, comments and lines", () => {
    expect(
      readSourceMessages(source, "x.messages.ts").map(({ id, message, comment, line }) => ({
        id,
        message,
        comment,
        line,
      })),
    ).toEqual([
      { id: "a.plain", message: "Log in", comment: undefined, line: 2 },
      { id: "a.named", message: "Contact {schemeName}", comment: "The scheme's name", line: 3 },
      {
        id: "a.count",
        message: "{count, plural, one {# query} other {# queries}}",
        line: 8,
        comment: undefined,
      },
    ]);
  });

  it("are compiled in place for Lingui's runtime, without the translators' comments", () => {
    const compiled = compileSourceMessages(source, "x.messages.ts");
    expect(compiled).toContain('plain: { id: "a.plain", message: ["Log in"] }');
    expect(compiled).toContain('named: { id: "a.named", message: ["Contact ",["schemeName"]] }');
    expect(compiled).toContain('"count","plural",{"one":["#"," query"],"other":["#"," queries"]}');
    expect(compiled).not.toContain("The scheme's name");
  });

  it("refuse a descriptor written another way, and malformed ICU", () => {
    expect(() => readSourceMessages(`x({ id: "a", message: TEXT })`, "bad.messages.ts")).toThrow(
      /bad\.messages\.ts: 1 message descriptor/,
    );
    expect(() =>
      compileSourceMessages(`x({ id: "a", message: "Hello {name" })`, "bad.messages.ts"),
    ).toThrow();
  });
});
