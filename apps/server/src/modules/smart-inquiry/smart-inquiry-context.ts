import type { AppContext } from "../../app-context.js";
import type { InFlightCounter } from "../members/index.js";
import type { BlobStore } from "../storage/index.js";

export interface SmartInquiryContext extends AppContext {
  blobStore: BlobStore;
  /** Submissions each member has in flight in this process (MAX_UPLOADS_IN_FLIGHT_PER_MEMBER). */
  submissionsInFlight?: InFlightCounter;
}
