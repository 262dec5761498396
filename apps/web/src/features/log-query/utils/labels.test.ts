import { DEFAULT_CATEGORIES, ERROR_MESSAGES, MEDXPRESS_CATEGORIES } from "@portal/domain";
import { describe, expect, it } from "vitest";
import { attachmentPickerMessages } from "../../../components/attachment-picker/attachment-picker.messages";
import { translate } from "../../../i18n/translate";
import { logQueryMessages } from "../log-query.messages";
import { categoryOptions, SUB_CATEGORY_LABEL_MESSAGES, subCategoryOptions } from "./category-options";

// The domain's English is the source of truth for what the form offers and says on failure;
// the catalogue's English must be it, word for word.

describe("the log-a-query form's words in English", () => {
  it("offers each origin's categories as the domain names them, value for value", () => {
    for (const categories of [DEFAULT_CATEGORIES, MEDXPRESS_CATEGORIES]) {
      expect(categoryOptions(categories, translate)).toEqual(
        categories.map(({ value, label }) => ({ value, label })),
      );
    }
  });

  it("offers each category's subcategories as the domain names them, with a message for every one", () => {
    for (const category of DEFAULT_CATEGORIES) {
      for (const { value } of category.subCategory)
        expect(SUB_CATEGORY_LABEL_MESSAGES, value).toHaveProperty(value);
      expect(subCategoryOptions(category, translate)).toEqual(
        category.subCategory.map(({ value, label }) => ({ value, label })),
      );
    }
  });

  it("says the specification's failure sentences verbatim", () => {
    expect(translate(logQueryMessages.submitFailed)).toBe(ERROR_MESSAGES.submit);
    expect(translate(attachmentPickerMessages.rule)).toBe(ERROR_MESSAGES.attachmentRule);
  });
});
