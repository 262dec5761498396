import { describe, expect, it } from "vitest";
import { readViewQueryParams } from "./view-query-params";

const read = (search: string) => readViewQueryParams(new URLSearchParams(search));

describe("readViewQueryParams", () => {
  it.each([
    "",
    "reference=300001",
    "timeline=false",
    "reference=&timeline=false",
    "reference=abc&timeline=false",
    "reference=0&timeline=false",
    "reference=-4&timeline=false",
    "reference=12.5&timeline=false",
  ])("refuses %j", (search) => {
    expect(read(search)).toBeUndefined();
  });

  it.each([
    ["timeline=false", true],
    ["timeline=FALSE", true],
    ["timeline=0", true],
    ["timeline=true", false],
    ["timeline=1", false],
    ["timeline=", false],
    ["timeline=maybe", false],
  ])("opens the update form for %s: %s", (timeline, open) => {
    expect(read(`reference=300001&${timeline}`)).toEqual({
      referenceNumber: 300001,
      updateInitiallyOpen: open,
    });
  });
});
