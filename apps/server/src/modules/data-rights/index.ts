// A member's data, governed: retention and purge, My data, erasure, legal holds and the
// information officer's desk.
export { startDailyRetentionPurge } from "./daily-purge.js";
export { createExportWorker } from "./export-worker.js";
export {
  PURGE_COUNT_LABELS,
  type PurgeCounts,
  retentionPolicy,
  runRetentionPurge,
} from "./retention-purge.js";
export { dataRightsModule } from "./routes.js";
