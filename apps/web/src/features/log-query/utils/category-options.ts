import type { MessageDescriptor } from "@lingui/core";
import type { CategoryOption } from "@portal/domain";
import { translateCategoryLabel } from "../../../components/category-label/translate-category-label";
import type { translate } from "../../../i18n/translate";
import { subCategoryLabelMessages as messages } from "../sub-category-labels.messages";

interface SelectOption {
  label: string;
  value: string;
}

/** Each subcategory's value (in the domain's DEFAULT_CATEGORIES) and its message; OTHER is "Other" in every category. */
export const SUB_CATEGORY_LABEL_MESSAGES: Readonly<Record<string, MessageDescriptor>> = {
  CLAIM_NOT_PAID: messages.claimNotPaid,
  CLAIM_SHORT_PAID: messages.claimShortPaid,
  CLAIM_PAID_INCORRECTLY: messages.claimPaidIncorrectly,
  CLAIM_NOT_PROCESSED: messages.claimNotProcessed,
  SUBMIT_A_CLAIM: messages.submitAClaim,
  ACTIVATE_DEACTIVATE_BENEFIT: messages.activateDeactivateBenefit,
  PRESCRIBED_MINIMUM_BENEFITS: messages.prescribedMinimumBenefits,
  LIMITS: messages.limits,
  MOST_QUERIED_BENEFITS: messages.mostQueriedBenefits,
  APPLICATION_QUERY: messages.applicationQuery,
  APPROVED_BASKET_OF_CARE: messages.approvedBasketOfCare,
  COVER: messages.cover,
  MAKE_ONLINE_PAYMENT: messages.makeOnlinePayment,
  UPDATE_CONTACT_DETAILS: messages.updateContactDetails,
  UPDATE_BANK_DETAILS: messages.updateBankDetails,
  CHANGE_PLAN: messages.changePlan,
  FIND_DOCUMENTS: messages.findDocuments,
  OPT_IN_TO_THE_SHARIAH_COMPLIANT_ARRANGEMENT: messages.optInToShariah,
  OTHER: messages.other,
};

/** The category field's options in the member's language; the values stay the domain's. */
export function categoryOptions(categories: readonly CategoryOption[], t: typeof translate): SelectOption[] {
  return categories.map(({ value }) => ({ value, label: translateCategoryLabel(value, t) }));
}

/** A category's subcategory options in the member's language; a value without a message keeps the domain's label. */
export function subCategoryOptions(category: CategoryOption, t: typeof translate): SelectOption[] {
  return category.subCategory.map(({ value, label }) => {
    const descriptor = SUB_CATEGORY_LABEL_MESSAGES[value];
    return { value, label: descriptor ? t(descriptor) : label };
  });
}
