import { defineMessages } from "../../i18n/define-messages";

/** The default categories' subcategories (requirements §3), as the domain's DEFAULT_CATEGORIES gives them in English. */
export const subCategoryLabelMessages = defineMessages({
  claimNotPaid: { id: "subCategory.claimNotPaid", message: "Claim not paid" },
  claimShortPaid: {
    id: "subCategory.claimShortPaid",
    message: "Claim short paid",
    comment: "The scheme paid less than the claim",
  },
  claimPaidIncorrectly: { id: "subCategory.claimPaidIncorrectly", message: "Claim paid incorrectly" },
  claimNotProcessed: { id: "subCategory.claimNotProcessed", message: "Claim not processed" },
  submitAClaim: { id: "subCategory.submitAClaim", message: "Submit a claim" },
  activateDeactivateBenefit: {
    id: "subCategory.activateDeactivateBenefit",
    message: "Activate or deactivate a benefit",
  },
  prescribedMinimumBenefits: {
    id: "subCategory.prescribedMinimumBenefits",
    message: "Prescribed Minimum Benefits",
    comment: "The benefits South African law requires every medical scheme to cover (PMB)",
  },
  limits: { id: "subCategory.limits", message: "Limits", comment: "A benefit's limits" },
  mostQueriedBenefits: { id: "subCategory.mostQueriedBenefits", message: "Most queried benefits" },
  applicationQuery: {
    id: "subCategory.applicationQuery",
    message: "Application query",
    comment: "A query about an application for chronic or cancer cover",
  },
  approvedBasketOfCare: {
    id: "subCategory.approvedBasketOfCare",
    message: "Approved basket of care",
    comment: "The treatments approved for a member's chronic condition or cancer",
  },
  cover: { id: "subCategory.cover", message: "Cover" },
  makeOnlinePayment: { id: "subCategory.makeOnlinePayment", message: "Make an online payment" },
  updateContactDetails: { id: "subCategory.updateContactDetails", message: "Update contact details" },
  updateBankDetails: { id: "subCategory.updateBankDetails", message: "Update bank details" },
  changePlan: { id: "subCategory.changePlan", message: "Change plan" },
  findDocuments: { id: "subCategory.findDocuments", message: "Find documents" },
  optInToShariah: {
    id: "subCategory.optInToShariah",
    message: "Opt in to the Shariah-compliant arrangement",
  },
  other: { id: "subCategory.other", message: "Other" },
});
