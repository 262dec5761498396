import type { DefaultQueryForm } from "@portal/domain";
import { useAppConfig } from "../../../config/app-config";
import { type QueryFields, type QuerySubmissionOptions, useQuerySubmission } from "./query-submission";

/** POST {SMART_INQUIRY_BASE}/member-queries/query-additional-info: the default-origin submit. */
export function createDefaultQueryUrl(smartInquiryBase: string): string {
  return `${smartInquiryBase}/member-queries/query-additional-info`;
}

/** The text parts of spec §3 "Create payload, default origin", in the order of spec §7. */
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

export function useCreateDefaultQuery(options: QuerySubmissionOptions = {}) {
  const { smartInquiryBase } = useAppConfig();
  return useQuerySubmission(createDefaultQueryUrl(smartInquiryBase), options);
}
