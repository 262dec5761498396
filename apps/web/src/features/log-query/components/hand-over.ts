import type { CategoryChoice } from "@portal/domain";

/**
 * The virtual assistant handing a member over to the form: the category (and subcategory) of its
 * best answer, when it had one. A new object each time, so asking twice for the same category
 * still chooses it and moves focus again.
 */
export interface HandOver {
  choice: CategoryChoice | undefined;
}
