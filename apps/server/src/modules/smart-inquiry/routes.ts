import multipart from "@fastify/multipart";
import { MAX_ATTACHMENT_FILES, MAX_ATTACHMENTS_TOTAL_BYTES } from "@portal/domain";
import type { FastifyPluginAsync } from "fastify";
import { mountPath } from "../../lib/mount-path.js";
import { createInFlightCounter } from "../members/index.js";
import { smartInquiryReadRoutes } from "./read-routes.js";
import type { SmartInquiryContext } from "./smart-inquiry-context.js";
import { portalSmartInquiryRoutes, smartInquirySubmitRoutes } from "./submit-routes.js";
import { timelineRoutes } from "./timeline-routes.js";

export const PORTAL_SMART_INQUIRY_PATH = "/portal/api/das-mp/smart-inquiry-api";

/** The smart-inquiry service under SMART_INQUIRY_BASE, plus the required portal paths. */
export const smartInquiryModule: FastifyPluginAsync<SmartInquiryContext> = async (app, moduleContext) => {
  // One count for both path families: a member's uploads in flight, whichever path they take
  // (app.ts makes it, so the metrics read it too).
  const context = {
    ...moduleContext,
    submissionsInFlight:
      moduleContext.submissionsInFlight ??
      createInFlightCounter(moduleContext.config.MAX_UPLOADS_IN_FLIGHT_PER_MEMBER),
  };
  const prefix = mountPath(context.config.SMART_INQUIRY_BASE);
  await app.register(smartInquiryReadRoutes, { ...context, prefix });
  await app.register(timelineRoutes, { ...context, prefix });
  // Multipart only where uploads come in: the plugin's hooks (two async ones and a listener on
  // every answer) would otherwise run on every read of the smart-inquiry service too.
  await app.register(async (uploads) => {
    await uploads.register(multipart, {
      limits: {
        // The 10 MB total is enforced while streaming (attachment-guard); these are backstops.
        fileSize: MAX_ATTACHMENTS_TOTAL_BYTES + 1,
        files: MAX_ATTACHMENT_FILES,
        fields: 20,
        fieldSize: 100 * 1024,
        parts: 40,
        headerPairs: 100,
      },
    });
    await uploads.register(smartInquirySubmitRoutes, { ...context, prefix });
    await uploads.register(portalSmartInquiryRoutes, { ...context, prefix: PORTAL_SMART_INQUIRY_PATH });
  });
};
