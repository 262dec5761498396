import { describe, expect, it } from "vitest";
import {
  allFragmentPaths,
  categoriesForOrigin,
  categoryHasSubCategories,
  categoryLabel,
  categoryNeedsSubCategory,
  DEFAULT_CATEGORIES,
  findCategory,
  isRedirectOnlySubCategory,
  MEDXPRESS_CATEGORIES,
  REDIRECT_ONLY_SUBCATEGORIES,
  subCategoryLabel,
  turnaroundFragmentFor,
} from "./categories.js";
import {
  ADDITIONAL_EMAIL_TOOLTIP_FRAGMENT,
  MEDXPRESS_TURNAROUND_FRAGMENT,
  MEDXPRESS_TURNAROUND_LA_HEALTH_FRAGMENT,
} from "./form-fragments.js";

// Requirements §3, table of default categories and their subcategories, in order.
const SPEC_DEFAULT_TABLE: [string, string[]][] = [
  [
    "MEDICAL_CLAIMS",
    [
      "CLAIM_NOT_PAID",
      "CLAIM_SHORT_PAID",
      "CLAIM_PAID_INCORRECTLY",
      "CLAIM_NOT_PROCESSED",
      "SUBMIT_A_CLAIM",
      "OTHER",
    ],
  ],
  [
    "BENEFITS_AND_COVER",
    [
      "ACTIVATE_DEACTIVATE_BENEFIT",
      "PRESCRIBED_MINIMUM_BENEFITS",
      "LIMITS",
      "MOST_QUERIED_BENEFITS",
      "OTHER",
    ],
  ],
  ["CHRONIC_CONDITIONS_AND_CANCER", ["APPLICATION_QUERY", "APPROVED_BASKET_OF_CARE", "COVER", "OTHER"]],
  [
    "MANAGE_PLAN",
    [
      "MAKE_ONLINE_PAYMENT",
      "UPDATE_CONTACT_DETAILS",
      "UPDATE_BANK_DETAILS",
      "CHANGE_PLAN",
      "FIND_DOCUMENTS",
      "OPT_IN_TO_THE_SHARIAH_COMPLIANT_ARRANGEMENT",
      "OTHER",
    ],
  ],
  ["OTHER", []],
];

const SPEC_MEDXPRESS_VALUES = [
  "MEDXPRESS_ORDER_QUERY",
  "MEDXPRESS_DELIVERY_QUERY",
  "MEDXPRESS_CO_PAYMENT_QUERY",
  "MEDXPRESS_PRESCRIPTION_OR_MEDICINE_QUERY",
];

const SUBCATEGORIES_WITH_REDIRECT = [
  "SUBMIT_A_CLAIM",
  "MAKE_ONLINE_PAYMENT",
  "CHANGE_PLAN",
  "FIND_DOCUMENTS",
  "UPDATE_CONTACT_DETAILS",
  "UPDATE_BANK_DETAILS",
  "PRESCRIBED_MINIMUM_BENEFITS",
  "OPT_IN_TO_THE_SHARIAH_COMPLIANT_ARRANGEMENT",
];

describe("default categories", () => {
  it("hold every category and subcategory of the spec table, in order", () => {
    const actual = DEFAULT_CATEGORIES.map((option) => [
      option.value,
      option.subCategory.map((sub) => sub.value),
    ]);
    expect(actual).toEqual(SPEC_DEFAULT_TABLE);
  });

  it("have human labels, not the raw values", () => {
    expect(DEFAULT_CATEGORIES.map((option) => option.label)).toEqual([
      "Medical claims",
      "Benefits and cover",
      "Chronic conditions and cancer",
      "Manage plan",
      "Other",
    ]);
    expect(findCategory(DEFAULT_CATEGORIES, "MEDICAL_CLAIMS")?.subCategory[0]?.label).toBe("Claim not paid");
    for (const option of DEFAULT_CATEGORIES) {
      for (const sub of option.subCategory) expect(sub.label).not.toBe(sub.value);
    }
  });

  it("point each category at its help fragment", () => {
    expect(findCategory(DEFAULT_CATEGORIES, "MEDICAL_CLAIMS")?.categoryFragment).toBe(
      "/fragments/smart-inquiry/categories/medical-claims.html",
    );
    expect(findCategory(DEFAULT_CATEGORIES, "CHRONIC_CONDITIONS_AND_CANCER")?.categoryFragment).toBe(
      "/fragments/smart-inquiry/categories/chronic-conditions-and-cancer.html",
    );
  });

  it("give a redirect fragment to exactly the chosen subcategories", () => {
    const withRedirect = DEFAULT_CATEGORIES.flatMap((option) =>
      option.subCategory.filter((sub) => sub.redirectFragment !== undefined).map((sub) => sub.value),
    );
    expect(withRedirect.toSorted()).toEqual(SUBCATEGORIES_WITH_REDIRECT.toSorted());
  });

  it("build redirect paths from the category and the subcategory", () => {
    const managePlan = findCategory(DEFAULT_CATEGORIES, "MANAGE_PLAN");
    expect(managePlan?.subCategory.find((sub) => sub.value === "UPDATE_BANK_DETAILS")?.redirectFragment).toBe(
      "/fragments/smart-inquiry/redirects/manage-plan/update-bank-details.html",
    );
    const claims = findCategory(DEFAULT_CATEGORIES, "MEDICAL_CLAIMS");
    expect(claims?.subCategory.find((sub) => sub.value === "SUBMIT_A_CLAIM")?.redirectFragment).toBe(
      "/fragments/smart-inquiry/redirects/medical-claims/submit-a-claim.html",
    );
  });

  it("leave the OTHER category without subcategories, and the others with", () => {
    const hasSubCategories = DEFAULT_CATEGORIES.map((option) => [
      option.value,
      categoryHasSubCategories(option),
    ]);
    expect(hasSubCategories).toEqual([
      ["MEDICAL_CLAIMS", true],
      ["BENEFITS_AND_COVER", true],
      ["CHRONIC_CONDITIONS_AND_CANCER", true],
      ["MANAGE_PLAN", true],
      ["OTHER", false],
    ]);
  });
});

describe("categoryNeedsSubCategory", () => {
  it.each([
    ["MEDICAL_CLAIMS", true],
    ["MANAGE_PLAN", true],
    ["OTHER", false],
  ])("asks a %s query for a subcategory: %s", (value, expected) => {
    const option = findCategory(DEFAULT_CATEGORIES, value);
    expect(option && categoryNeedsSubCategory(option)).toBe(expected);
  });

  it("never asks for one with OTHER, even if subcategories were listed for it", () => {
    const other = findCategory(DEFAULT_CATEGORIES, "OTHER");
    const claims = findCategory(DEFAULT_CATEGORIES, "MEDICAL_CLAIMS");
    if (!other || !claims) throw new Error("the default categories lost OTHER or MEDICAL_CLAIMS");
    expect(categoryNeedsSubCategory({ ...other, subCategory: claims.subCategory })).toBe(false);
  });

  it("never asks for one with a medxpress category", () => {
    expect(MEDXPRESS_CATEGORIES.some(categoryNeedsSubCategory)).toBe(false);
  });
});

describe("medxpress categories", () => {
  it("are the four of the spec, without subcategories", () => {
    expect(MEDXPRESS_CATEGORIES.map((option) => option.value)).toEqual(SPEC_MEDXPRESS_VALUES);
    expect(MEDXPRESS_CATEGORIES.every((option) => option.subCategory.length === 0)).toBe(true);
    expect(MEDXPRESS_CATEGORIES.map((option) => option.label)).toEqual([
      "Order query",
      "Delivery query",
      "Co-payment query",
      "Prescription or medicine query",
    ]);
  });

  it("have help fragments too", () => {
    expect(MEDXPRESS_CATEGORIES[2]?.categoryFragment).toBe(
      "/fragments/smart-inquiry/categories/medxpress-co-payment-query.html",
    );
  });
});

describe("redirect-only subcategories", () => {
  it("are the four of the spec", () => {
    expect(REDIRECT_ONLY_SUBCATEGORIES).toEqual([
      "SUBMIT_A_CLAIM",
      "MAKE_ONLINE_PAYMENT",
      "CHANGE_PLAN",
      "FIND_DOCUMENTS",
    ]);
  });

  it.each([
    ["SUBMIT_A_CLAIM", true],
    ["MAKE_ONLINE_PAYMENT", true],
    ["CHANGE_PLAN", true],
    ["FIND_DOCUMENTS", true],
    ["UPDATE_BANK_DETAILS", false],
    ["OTHER", false],
    ["", false],
  ])("%j is redirect-only: %s", (value, expected) => {
    expect(isRedirectOnlySubCategory(value)).toBe(expected);
  });

  it("all have a redirect fragment to show instead of the form", () => {
    const subs = DEFAULT_CATEGORIES.flatMap((option) => option.subCategory);
    for (const value of REDIRECT_ONLY_SUBCATEGORIES) {
      expect(subs.find((sub) => sub.value === value)?.redirectFragment).toMatch(/^\/fragments\/.+\.html$/);
    }
  });
});

describe("category look-ups", () => {
  it("choose the list by route origin", () => {
    expect(categoriesForOrigin("default")).toBe(DEFAULT_CATEGORIES);
    expect(categoriesForOrigin("medxpress")).toBe(MEDXPRESS_CATEGORIES);
    expect(categoriesForOrigin("elsewhere")).toBe(MEDXPRESS_CATEGORIES);
  });

  it("find a category by value, or nothing", () => {
    expect(findCategory(DEFAULT_CATEGORIES, "MANAGE_PLAN")?.label).toBe("Manage plan");
    expect(findCategory(DEFAULT_CATEGORIES, "MEDXPRESS_ORDER_QUERY")).toBeUndefined();
  });

  it.each([
    ["MEDICAL_CLAIMS", "Medical claims"],
    ["OTHER", "Other"],
    ["MEDXPRESS_DELIVERY_QUERY", "Delivery query"],
    ["LEGACY_CATEGORY", "LEGACY_CATEGORY"],
  ])("label of %s is %j", (value, label) => {
    expect(categoryLabel(value)).toBe(label);
  });
});

describe("subCategoryLabel", () => {
  it.each([
    ["MEDICAL_CLAIMS", "CLAIM_NOT_PAID", "Claim not paid"],
    ["BENEFITS_AND_COVER", "OTHER", "Other"],
    ["MANAGE_PLAN", "CHANGE_PLAN", "Change plan"],
    // Unknown (legacy data): the value itself.
    ["MEDICAL_CLAIMS", "SOMETHING_OLD", "SOMETHING_OLD"],
    ["LEGACY_CATEGORY", "CLAIM_NOT_PAID", "CLAIM_NOT_PAID"],
  ])("labels %s / %s as %s", (category, subCategory, label) => {
    expect(subCategoryLabel(category, subCategory)).toBe(label);
  });
});

describe("fragments", () => {
  it("name the fixed fragment paths", () => {
    expect(ADDITIONAL_EMAIL_TOOLTIP_FRAGMENT).toBe("/fragments/smart-inquiry/additional-email-tooltip.html");
    expect(MEDXPRESS_TURNAROUND_FRAGMENT).toBe("/fragments/smart-inquiry/medxpress-turnaround.html");
    expect(MEDXPRESS_TURNAROUND_LA_HEALTH_FRAGMENT).toBe(
      "/fragments/smart-inquiry/medxpress-turnaround-la-health.html",
    );
  });

  it.each([
    ["https://www.la-health.example/contact", MEDXPRESS_TURNAROUND_LA_HEALTH_FRAGMENT],
    ["https://lahealth.example/", MEDXPRESS_TURNAROUND_LA_HEALTH_FRAGMENT],
    ["https://remedi.example/medicine", MEDXPRESS_TURNAROUND_LA_HEALTH_FRAGMENT],
    ["https://scheme.example/rem/orders", MEDXPRESS_TURNAROUND_LA_HEALTH_FRAGMENT],
    ["https://WWW.LA-HEALTH.EXAMPLE/", MEDXPRESS_TURNAROUND_LA_HEALTH_FRAGMENT],
    ["https://scheme.example/remove", MEDXPRESS_TURNAROUND_FRAGMENT],
    ["https://medxpress.example/", MEDXPRESS_TURNAROUND_FRAGMENT],
    ["", MEDXPRESS_TURNAROUND_FRAGMENT],
    [undefined, MEDXPRESS_TURNAROUND_FRAGMENT],
  ])("turnaround fragment for parent %j", (parentAddress, expected) => {
    expect(turnaroundFragmentFor(parentAddress)).toBe(expected);
  });

  it("list every fragment path once: 9 category helps, 8 redirects and 3 fixed fragments", () => {
    const paths = allFragmentPaths();
    expect(paths).toHaveLength(9 + 8 + 3);
    expect(new Set(paths).size).toBe(paths.length);
    expect(paths).toContain("/fragments/smart-inquiry/redirects/manage-plan/find-documents.html");
    expect(paths).toContain(MEDXPRESS_TURNAROUND_LA_HEALTH_FRAGMENT);
  });
});
