import type { CreateQueryResponse, DefaultQueryForm } from "@portal/domain";
import { type QueryFields, useQuerySubmission } from "../../../api/query-submission";
import { useAppConfig } from "../../../config/app-config";
import { pushQueryLogged } from "../utils/analytics";

/** POST {SMART_INQUIRY_BASE}/member-queries/query-additional-info: the default-origin submit. */
export function createDefaultQueryUrl(smartInquiryBase: string): string {
  return `${smartInquiryBase}/member-queries/query-additional-info`;
}

/** The text parts of requirements §3 "Create payload, default origin", in the order of requirements §7. */
export function defaultQueryFields(values: DefaultQueryForm): QueryFields {
  return {
    subCategory: values.subCategory,
    query: values.query,
    email: values.email,
    category: values.category,
    origin: "MEMBER_WEB",
    // The schema turns a blank additional address into undefined; the server reads "" as none.
    ccEmail: values.ccEmail ?? "",
  };
}

/** Sends a default-origin query; once logged, the data layer hears of it, then `onLogged`. */
export function useCreateDefaultQuery(onLogged?: (response: CreateQueryResponse) => void) {
  const { smartInquiryBase } = useAppConfig();
  return useQuerySubmission(createDefaultQueryUrl(smartInquiryBase), {
    onSent: (response) => {
      pushQueryLogged(response.referenceNumber);
      onLogged?.(response);
    },
  });
}
