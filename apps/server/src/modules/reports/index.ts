// The supervisors' reports (docs/decisions 0025): how the desk keeps the reply promise, from SQL
// aggregates over the conversations and the summary their triggers keep.
export { type ReportScope, readReport } from "./report-reads.js";
export { reportRoutes } from "./routes.js";
export { summarisePendingConversations } from "./summarise.js";
