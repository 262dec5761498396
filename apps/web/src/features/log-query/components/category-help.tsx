import type { CategoryOption, SubCategoryOption } from "@portal/domain";
import { ContentFragment } from "../../../components/content-fragment/content-fragment";

/** The chosen category's help fragment (requirements §2 "Help content and redirects"). */
export function CategoryHelp({ category }: { category: CategoryOption | undefined }) {
  if (!category) return null;
  return (
    <div className="border rounded bg-body-tertiary p-3 mb-3" data-testid="category-help">
      <ContentFragment path={category.categoryFragment} />
    </div>
  );
}

/** The chosen subcategory's redirect fragment, in an info box; nothing when it has none. */
export function RedirectInfo({ subCategory }: { subCategory: SubCategoryOption | undefined }) {
  if (!subCategory?.redirectFragment) return null;
  return (
    <div className="alert alert-info" data-testid="redirect-info">
      <ContentFragment path={subCategory.redirectFragment} />
    </div>
  );
}
