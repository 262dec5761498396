import { type DocumentSubmission, documentSubmissionResponseSchema } from "@portal/domain";
import { http } from "msw";
import { contractJson, errorJson } from "../../../testing/contract-json";
import { testConfig } from "../../../testing/test-utils";

export const DOCUMENT_SUBMISSION_PATH = `${testConfig.smartInquiryBase}/document-submissions/:referenceNumber`;

export const documentSubmission: DocumentSubmission = {
  referenceNumber: 800001,
  category: "CHRONIC_CONDITIONS_AND_CANCER",
  dateLogged: "2026-11-12T12:00:00.000Z",
  attachments: [
    { attachmentId: 900001, fileName: "prescription.pdf" },
    { attachmentId: 900002, fileName: "script.png" },
  ],
};

export function documentSubmissionHandler(submission: DocumentSubmission = documentSubmission) {
  return http.get(DOCUMENT_SUBMISSION_PATH, () =>
    contractJson(documentSubmissionResponseSchema, { documentSubmission: submission }),
  );
}

export function documentSubmissionFailing(status = 404) {
  return http.get(DOCUMENT_SUBMISSION_PATH, () => errorJson(status, "NOT_FOUND"));
}
