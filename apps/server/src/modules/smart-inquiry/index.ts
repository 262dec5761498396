// Members' queries: logging, updating and reading them (the smart-inquiry service and the portal's
// paths), the member's timeline, and what the desk reuses of it.
export { agentReplyDocument } from "./agent-reply-document.js";
export { sendAttachment } from "./attachment-download.js";
export { AttachmentRejectedError, createAttachmentGuard, UploadBudget } from "./attachment-guard.js";
export { receiveSubmission, safeFileName } from "./receive-submission.js";
export { purgeIdempotencyKeys } from "./retention.js";
export { PORTAL_SMART_INQUIRY_PATH, smartInquiryModule } from "./routes.js";
export type { SmartInquiryContext } from "./smart-inquiry-context.js";
