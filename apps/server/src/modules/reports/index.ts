// The supervisors' reports (docs/decisions 0025): how the desk keeps the reply promise, from SQL
// aggregates over the conversations and the summary their triggers keep.
export { type ReportScope, readReport } from "./report-reads.js";
export { reportRoutes } from "./routes.js";
export {
  countPendingConversations,
  type SummariseProgress,
  summarisePendingConversations,
} from "./summarise.js";
export { createSummaryJob, type SummaryJob } from "./summary-job.js";
export { foldReportVolumes } from "./volume-fold.js";
