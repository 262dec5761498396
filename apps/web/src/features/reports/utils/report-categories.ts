import { DEFAULT_CATEGORIES, MEDXPRESS_CATEGORIES } from "@portal/domain";

/** Every category a member can choose, once, in label order: the report's category filter. */
export const CATEGORY_OPTIONS = [
  ...new Map(
    [...DEFAULT_CATEGORIES, ...MEDXPRESS_CATEGORIES].map((option) => [option.value, option]),
  ).values(),
].sort((a, b) => a.label.localeCompare(b.label, "en"));

/** A category's label, or the category itself when it is none a member can choose. */
export function categoryOptionLabel(value: string): string {
  return CATEGORY_OPTIONS.find((option) => option.value === value)?.label ?? value;
}
