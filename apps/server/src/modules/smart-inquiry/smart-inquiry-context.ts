import type { AppContext } from "../../app-context.js";
import type { BlobStore } from "../storage/blob-store.js";

export interface SmartInquiryContext extends AppContext {
  blobStore: BlobStore;
}
