import { describe, expect, it } from "vitest";
import { categoryChoiceForFragment } from "./help-fragments.js";

describe("categoryChoiceForFragment", () => {
  it("reads the category of a category fragment", () => {
    expect(categoryChoiceForFragment("/fragments/smart-inquiry/categories/medical-claims.html")).toEqual({
      category: "MEDICAL_CLAIMS",
    });
    expect(
      categoryChoiceForFragment("/fragments/smart-inquiry/categories/medxpress-delivery-query.html"),
    ).toEqual({ category: "MEDXPRESS_DELIVERY_QUERY" });
  });

  it("reads category and subcategory of a redirect fragment", () => {
    expect(
      categoryChoiceForFragment("/fragments/smart-inquiry/redirects/manage-plan/update-bank-details.html"),
    ).toEqual({ category: "MANAGE_PLAN", subCategory: "UPDATE_BANK_DETAILS" });
  });

  it("has no choice for a fragment no category shows", () => {
    expect(
      categoryChoiceForFragment("/fragments/smart-inquiry/additional-email-tooltip.html"),
    ).toBeUndefined();
    expect(categoryChoiceForFragment("/fragments/elsewhere.html")).toBeUndefined();
  });
});
