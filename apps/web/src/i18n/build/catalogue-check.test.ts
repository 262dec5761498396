import { describe, expect, it } from "vitest";
import { catalogueProblems } from "./catalogue-check";

const english = {
  "a.plain": "Log in",
  "a.name": "Contact {schemeName}",
  "a.count": "{count, plural, one {# query} other {# queries}}",
  "a.link": "Please call <0>{number}</0>.",
};

describe("catalogueProblems", () => {
  it("accepts a complete, well-formed catalogue with the language's own plural cases", () => {
    const zulu = {
      "a.plain": "Ngena",
      "a.name": "Xhumana ne-{schemeName}",
      "a.count": "{count, plural, one {umbuzo #} other {imibuzo #}}",
      "a.link": "Sicela ushayele <0>{number}</0>.",
    };
    expect(catalogueProblems("zu", english, zulu, { complete: true })).toEqual([]);
  });

  it("names a missing message in an offered language, not in one still being translated", () => {
    expect(catalogueProblems("af", english, { "a.plain": "Meld aan" }, { complete: true })).toEqual([
      "af: a.name has no translation",
      "af: a.count has no translation",
      "af: a.link has no translation",
    ]);
    expect(catalogueProblems("xh", english, { "a.plain": "" }, { complete: false })).toEqual([]);
  });

  it("names malformed ICU, a plural case the language does not have, and differing placeholders", () => {
    const problems = catalogueProblems(
      "af",
      english,
      {
        "a.plain": "Meld {aan",
        "a.name": "Kontak {scheme}",
        "a.count": "{count, plural, one {# navraag} few {# navrae} other {# navrae}}",
        "a.link": "Skakel asseblief {number}.",
      },
      { complete: true },
    );
    expect(problems).toHaveLength(4);
    expect(problems[0]).toMatch(/^af: a\.plain is not valid ICU MessageFormat/);
    expect(problems[1]).toBe("af: a.name has the placeholders [scheme], English has [schemeName]");
    expect(problems[2]).toMatch(/^af: a\.count is not valid ICU MessageFormat/);
    expect(problems[3]).toBe("af: a.link has the placeholders [number], English has [<0>, number]");
  });

  it("names a translation of a message no screen has any more", () => {
    expect(
      catalogueProblems(
        "zu",
        { "a.plain": "Log in" },
        { "a.plain": "Ngena", "a.gone": "x" },
        { complete: true },
      ),
    ).toEqual(["zu: a.gone is in the catalogue but no screen has it"]);
  });
});
