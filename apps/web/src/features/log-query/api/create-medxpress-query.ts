import { MEDXPRESS_PRODUCT, type MedxpressQueryForm } from "@portal/domain";
import { type QueryFields, type QuerySubmissionOptions, useQuerySubmission } from "./query-submission";

/** Spec §7: the medxpress submit goes through the portal's das-mp path, not the configured base. */
export const CREATE_MEDXPRESS_QUERY_URL = "/portal/api/das-mp/smart-inquiry-api/member-queries";

/** The text parts of spec §3 "Create payload, medxpress", in the order of spec §7. */
export function medxpressQueryFields(values: MedxpressQueryForm): QueryFields {
  return {
    category: values.category,
    product: MEDXPRESS_PRODUCT,
    email: values.email,
    query: values.query,
    origin: "MED_XPRESS",
  };
}

export function useCreateMedxpressQuery(options: QuerySubmissionOptions = {}) {
  return useQuerySubmission(CREATE_MEDXPRESS_QUERY_URL, options);
}
