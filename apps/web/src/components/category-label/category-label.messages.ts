import { defineMessages } from "../../i18n/define-messages";

/** The query categories' names (requirements §3), as the domain's category lists give them in English. */
export const categoryLabelMessages = defineMessages({
  medicalClaims: { id: "category.medicalClaims", message: "Medical claims" },
  benefitsAndCover: { id: "category.benefitsAndCover", message: "Benefits and cover" },
  chronicConditionsAndCancer: {
    id: "category.chronicConditionsAndCancer",
    message: "Chronic conditions and cancer",
  },
  managePlan: { id: "category.managePlan", message: "Manage plan" },
  other: { id: "category.other", message: "Other" },
  orderQuery: { id: "category.orderQuery", message: "Order query", comment: "A MedXpress category" },
  deliveryQuery: { id: "category.deliveryQuery", message: "Delivery query", comment: "A MedXpress category" },
  coPaymentQuery: {
    id: "category.coPaymentQuery",
    message: "Co-payment query",
    comment: "A MedXpress category",
  },
  prescriptionOrMedicineQuery: {
    id: "category.prescriptionOrMedicineQuery",
    message: "Prescription or medicine query",
    comment: "A MedXpress category",
  },
});
