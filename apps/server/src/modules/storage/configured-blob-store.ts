import path from "node:path";
import type { Config } from "../../config/env.js";
import type { BlobStore } from "./blob-store.js";
import { createLocalBlobStore } from "./local-blob-store.js";
import { createS3BlobStore } from "./s3-blob-store.js";

/** The local blob directory of a configuration (BLOB_STORE=local). */
export function localBlobDirOf(config: Config): string {
  return path.join(config.DATA_DIR, "blobs");
}

/** The attachment store the configuration names: DATA_DIR/blobs by default, or an S3 bucket. */
export function blobStoreFor(config: Config): BlobStore {
  if (config.BLOB_STORE === "s3") {
    return createS3BlobStore({
      endpoint: config.S3_ENDPOINT,
      region: config.S3_REGION,
      bucket: config.S3_BUCKET ?? "",
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
      accessKeyId: config.S3_ACCESS_KEY_ID,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY,
      spoolDir: path.join(config.DATA_DIR, "upload-spool"),
    });
  }
  return createLocalBlobStore(localBlobDirOf(config));
}
