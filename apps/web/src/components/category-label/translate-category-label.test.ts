import { categoryLabel, DEFAULT_CATEGORIES, MEDXPRESS_CATEGORIES } from "@portal/domain";
import { describe, expect, it } from "vitest";
import { translate } from "../../i18n/translate";
import { CATEGORY_LABEL_MESSAGES, translateCategoryLabel } from "./translate-category-label";

describe("translateCategoryLabel", () => {
  it("has a message for every category, its English the domain's label", () => {
    const categories = [...DEFAULT_CATEGORIES, ...MEDXPRESS_CATEGORIES];
    expect(Object.keys(CATEGORY_LABEL_MESSAGES).sort()).toEqual(categories.map(({ value }) => value).sort());
    for (const { value, label } of categories) expect(translateCategoryLabel(value, translate)).toBe(label);
  });

  it("shows a value no list has as the domain does", () => {
    expect(translateCategoryLabel("LEGACY_THING", translate)).toBe(categoryLabel("LEGACY_THING"));
  });
});
