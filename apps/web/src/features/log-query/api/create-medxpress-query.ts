import { type CreateQueryResponse, MEDXPRESS_PRODUCT, type MedxpressQueryForm } from "@portal/domain";
import { type QueryFields, useQuerySubmission } from "../../../api/query-submission";
import { pushQueryLogged } from "../utils/analytics";

/** Requirements §7: the medxpress submit goes through the portal's das-mp path, not the configured base. */
export const CREATE_MEDXPRESS_QUERY_URL = "/portal/api/das-mp/smart-inquiry-api/member-queries";

/** The text parts of requirements §3 "Create payload, medxpress", in the order of requirements §7. */
export function medxpressQueryFields(values: MedxpressQueryForm): QueryFields {
  return {
    category: values.category,
    product: MEDXPRESS_PRODUCT,
    email: values.email,
    query: values.query,
    origin: "MED_XPRESS",
  };
}

/** Sends a medxpress query; once logged, the data layer hears of it, then `onLogged`. */
export function useCreateMedxpressQuery(onLogged?: (response: CreateQueryResponse) => void) {
  return useQuerySubmission(CREATE_MEDXPRESS_QUERY_URL, {
    onSent: (response) => {
      pushQueryLogged(response.referenceNumber);
      onLogged?.(response);
    },
  });
}
