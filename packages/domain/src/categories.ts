import {
  ADDITIONAL_EMAIL_TOOLTIP_FRAGMENT,
  MEDXPRESS_TURNAROUND_FRAGMENT,
  MEDXPRESS_TURNAROUND_LA_HEALTH_FRAGMENT,
} from "./form-fragments.js";
import { isDefaultRouteOrigin } from "./origins.js";

export interface SubCategoryOption {
  label: string;
  value: string;
  /** Content path of the info box shown when this subcategory is chosen. */
  redirectFragment?: string;
}

export interface CategoryOption {
  label: string;
  value: string;
  /** Content path of the help shown when this category is chosen. */
  categoryFragment: string;
  subCategory: SubCategoryOption[];
}

// Content-service paths (fetched as /site{path}); content/ holds one file per path.
const FRAGMENTS_ROOT = "/fragments/smart-inquiry";

/** Parent-page address parts that select the LA Health / Remedi turnaround variant. */
export const LA_HEALTH_PARENT_MARKERS = ["la-health", "lahealth", "remedi", "/rem/"] as const;

/**
 * For these the member must act elsewhere in the portal, so the form hides details,
 * attachments and send, and shows the redirect fragment instead.
 */
export const REDIRECT_ONLY_SUBCATEGORIES = [
  "SUBMIT_A_CLAIM",
  "MAKE_ONLINE_PAYMENT",
  "CHANGE_PLAN",
  "FIND_DOCUMENTS",
] as const;

/** The default category that never takes a subcategory (requirements §4, §5). */
export const OTHER_CATEGORY = "OTHER";

function kebab(value: string): string {
  return value.toLowerCase().replaceAll("_", "-");
}

function categoryFragmentPath(categoryValue: string): string {
  return `${FRAGMENTS_ROOT}/categories/${kebab(categoryValue)}.html`;
}

function redirectFragmentPath(categoryValue: string, subCategoryValue: string): string {
  return `${FRAGMENTS_ROOT}/redirects/${kebab(categoryValue)}/${kebab(subCategoryValue)}.html`;
}

type SubCategorySeed = readonly [value: string, label: string, hasRedirect?: "redirect"];

function category(value: string, label: string, subCategories: readonly SubCategorySeed[]): CategoryOption {
  return {
    label,
    value,
    categoryFragment: categoryFragmentPath(value),
    subCategory: subCategories.map(([subValue, subLabel, hasRedirect]) =>
      hasRedirect
        ? { label: subLabel, value: subValue, redirectFragment: redirectFragmentPath(value, subValue) }
        : { label: subLabel, value: subValue },
    ),
  };
}

/** Requirements §3 table, in its order. The OTHER category has no subcategories, so none is asked for. */
export const DEFAULT_CATEGORIES: readonly CategoryOption[] = [
  category("MEDICAL_CLAIMS", "Medical claims", [
    ["CLAIM_NOT_PAID", "Claim not paid"],
    ["CLAIM_SHORT_PAID", "Claim short paid"],
    ["CLAIM_PAID_INCORRECTLY", "Claim paid incorrectly"],
    ["CLAIM_NOT_PROCESSED", "Claim not processed"],
    ["SUBMIT_A_CLAIM", "Submit a claim", "redirect"],
    ["OTHER", "Other"],
  ]),
  category("BENEFITS_AND_COVER", "Benefits and cover", [
    ["ACTIVATE_DEACTIVATE_BENEFIT", "Activate or deactivate a benefit"],
    ["PRESCRIBED_MINIMUM_BENEFITS", "Prescribed Minimum Benefits", "redirect"],
    ["LIMITS", "Limits"],
    ["MOST_QUERIED_BENEFITS", "Most queried benefits"],
    ["OTHER", "Other"],
  ]),
  category("CHRONIC_CONDITIONS_AND_CANCER", "Chronic conditions and cancer", [
    ["APPLICATION_QUERY", "Application query"],
    ["APPROVED_BASKET_OF_CARE", "Approved basket of care"],
    ["COVER", "Cover"],
    ["OTHER", "Other"],
  ]),
  category("MANAGE_PLAN", "Manage plan", [
    ["MAKE_ONLINE_PAYMENT", "Make an online payment", "redirect"],
    ["UPDATE_CONTACT_DETAILS", "Update contact details", "redirect"],
    ["UPDATE_BANK_DETAILS", "Update bank details", "redirect"],
    ["CHANGE_PLAN", "Change plan", "redirect"],
    ["FIND_DOCUMENTS", "Find documents", "redirect"],
    [
      "OPT_IN_TO_THE_SHARIAH_COMPLIANT_ARRANGEMENT",
      "Opt in to the Shariah-compliant arrangement",
      "redirect",
    ],
    ["OTHER", "Other"],
  ]),
  category(OTHER_CATEGORY, "Other", []),
];

/** The medxpress channel shows its four categories and no subcategories. */
export const MEDXPRESS_CATEGORIES: readonly CategoryOption[] = [
  category("MEDXPRESS_ORDER_QUERY", "Order query", []),
  category("MEDXPRESS_DELIVERY_QUERY", "Delivery query", []),
  category("MEDXPRESS_CO_PAYMENT_QUERY", "Co-payment query", []),
  category("MEDXPRESS_PRESCRIPTION_OR_MEDICINE_QUERY", "Prescription or medicine query", []),
];

export function isRedirectOnlySubCategory(value: string): boolean {
  return (REDIRECT_ONLY_SUBCATEGORIES as readonly string[]).includes(value);
}

export function categoriesForOrigin(routeOrigin: string): readonly CategoryOption[] {
  return isDefaultRouteOrigin(routeOrigin) ? DEFAULT_CATEGORIES : MEDXPRESS_CATEGORIES;
}

export function findCategory(options: readonly CategoryOption[], value: string): CategoryOption | undefined {
  return options.find((option) => option.value === value);
}

export function categoryHasSubCategories(option: CategoryOption): boolean {
  return option.subCategory.length > 0;
}

/**
 * Whether a query of this category must name one of its subcategories: the form shows the field
 * and the server requires it only then. OTHER takes none, whatever the list holds.
 */
export function categoryNeedsSubCategory(option: CategoryOption): boolean {
  return option.value !== OTHER_CATEGORY && categoryHasSubCategories(option);
}

/** Human label of any default or medxpress category; the value itself when unknown (e.g. legacy data). */
export function categoryLabel(value: string): string {
  return (
    (findCategory(DEFAULT_CATEGORIES, value) ?? findCategory(MEDXPRESS_CATEGORIES, value))?.label ?? value
  );
}

/** Human label of a category's subcategory; the value itself when unknown (e.g. legacy data). */
export function subCategoryLabel(categoryValue: string, subCategoryValue: string): string {
  const option =
    findCategory(DEFAULT_CATEGORIES, categoryValue) ?? findCategory(MEDXPRESS_CATEGORIES, categoryValue);
  return option?.subCategory.find((sub) => sub.value === subCategoryValue)?.label ?? subCategoryValue;
}

/** The parent page is the embedding page (document.referrer / location.ancestorOrigins). */
export function turnaroundFragmentFor(parentAddress: string | undefined): string {
  // Host names are case-insensitive, so the markers are matched without regard to case.
  const address = (parentAddress ?? "").toLowerCase();
  const isLaHealth = LA_HEALTH_PARENT_MARKERS.some((marker) => address.includes(marker));
  return isLaHealth ? MEDXPRESS_TURNAROUND_LA_HEALTH_FRAGMENT : MEDXPRESS_TURNAROUND_FRAGMENT;
}

/** Every content path the domain refers to, so a test can check that content/ provides each one. */
export function allFragmentPaths(): string[] {
  const categoryPaths = [...DEFAULT_CATEGORIES, ...MEDXPRESS_CATEGORIES].flatMap((option) => [
    option.categoryFragment,
    ...option.subCategory.flatMap((sub) => (sub.redirectFragment ? [sub.redirectFragment] : [])),
  ]);
  return [
    ...categoryPaths,
    ADDITIONAL_EMAIL_TOOLTIP_FRAGMENT,
    MEDXPRESS_TURNAROUND_FRAGMENT,
    MEDXPRESS_TURNAROUND_LA_HEALTH_FRAGMENT,
  ];
}
