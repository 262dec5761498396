import type { MessageDescriptor } from "@lingui/core";
import { categoryLabel } from "@portal/domain";
import type { translate } from "../../i18n/translate";
import { categoryLabelMessages } from "./category-label.messages";

/** Each category's value (the domain's DEFAULT_CATEGORIES and MEDXPRESS_CATEGORIES) and its message. */
export const CATEGORY_LABEL_MESSAGES: Readonly<Record<string, MessageDescriptor>> = {
  MEDICAL_CLAIMS: categoryLabelMessages.medicalClaims,
  BENEFITS_AND_COVER: categoryLabelMessages.benefitsAndCover,
  CHRONIC_CONDITIONS_AND_CANCER: categoryLabelMessages.chronicConditionsAndCancer,
  MANAGE_PLAN: categoryLabelMessages.managePlan,
  OTHER: categoryLabelMessages.other,
  MEDXPRESS_ORDER_QUERY: categoryLabelMessages.orderQuery,
  MEDXPRESS_DELIVERY_QUERY: categoryLabelMessages.deliveryQuery,
  MEDXPRESS_CO_PAYMENT_QUERY: categoryLabelMessages.coPaymentQuery,
  MEDXPRESS_PRESCRIPTION_OR_MEDICINE_QUERY: categoryLabelMessages.prescriptionOrMedicineQuery,
};

/**
 * A query's category in the member's language. A value no list has (legacy data) is shown as
 * the domain shows it: the value itself.
 */
export function translateCategoryLabel(value: string, t: typeof translate): string {
  const descriptor = CATEGORY_LABEL_MESSAGES[value];
  return descriptor ? t(descriptor) : categoryLabel(value);
}
