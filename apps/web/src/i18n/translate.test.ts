import { compileMessageOrThrow } from "@lingui/message-utils/compileMessage";
import { afterEach, describe, expect, it } from "vitest";
import { activateLanguage } from "./portal-i18n";
import { translate } from "./translate";

const count = { id: "test.count", message: "{count, plural, one {# query} other {# queries}}" };

afterEach(() => activateLanguage("en"));

describe("translate", () => {
  it("counts by each language's own plural rules: isiZulu says 0 as one, English and Afrikaans as other", () => {
    expect([0, 1, 2].map((n) => translate(count, { count: n }))).toEqual([
      "0 queries",
      "1 query",
      "2 queries",
    ]);
    activateLanguage("zu", {
      [count.id]: compileMessageOrThrow("{count, plural, one {umbuzo #} other {imibuzo #}}"),
    });
    expect([0, 1, 2].map((n) => translate(count, { count: n }))).toEqual([
      "umbuzo 0",
      "umbuzo 1",
      "imibuzo 2",
    ]);
    activateLanguage("af", {
      [count.id]: compileMessageOrThrow("{count, plural, one {# navraag} other {# navrae}}"),
    });
    expect([0, 1, 2].map((n) => translate(count, { count: n }))).toEqual([
      "0 navrae",
      "1 navraag",
      "2 navrae",
    ]);
  });
});
