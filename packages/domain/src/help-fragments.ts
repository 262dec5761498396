import { DEFAULT_CATEGORIES, MEDXPRESS_CATEGORIES } from "./categories.js";

/** What the log-a-query form should start with for a help fragment. */
export interface CategoryChoice {
  category: string;
  /** Set when the fragment belongs to one subcategory (a redirect fragment). */
  subCategory?: string;
}

/**
 * The category (and subcategory) a help fragment belongs to, read from its content path:
 * `…/categories/<category>.html` or `…/redirects/<category>/<sub>.html`. Undefined for a fragment
 * no category shows (the tooltip, the turnaround messages) or an unknown path.
 */
export function categoryChoiceForFragment(contentPath: string): CategoryChoice | undefined {
  for (const option of [...DEFAULT_CATEGORIES, ...MEDXPRESS_CATEGORIES]) {
    if (option.categoryFragment === contentPath) return { category: option.value };
    const sub = option.subCategory.find((candidate) => candidate.redirectFragment === contentPath);
    if (sub) return { category: option.value, subCategory: sub.value };
  }
  return undefined;
}
