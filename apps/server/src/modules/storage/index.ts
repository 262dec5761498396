// Where attachments and other files live: a local directory or an S3-compatible store.

export { BLOB_DIRECTORY_MARKER, isMarkedBlobDirectory, markBlobDirectory } from "./blob-directory-marker.js";
export type { BlobStore, PendingBlob } from "./blob-store.js";
export { blobStoreWhile } from "./blob-store-guard.js";
export {
  clearBlobsInFlight,
  IN_FLIGHT_BLOB_MAX_AGE_MS,
  putRemovedBlobsInFlight,
  recordBlobsInFlight,
  removeUnreferencedAttachments,
} from "./blobs-in-flight.js";
export { commitBlobsWithRows } from "./commit-blobs.js";
export { blobStoreFor, localBlobDirOf } from "./configured-blob-store.js";
export { trackPendingWrites } from "./pending-writes.js";
export { assertSafeKey } from "./spool-directory.js";
