import multipart from "@fastify/multipart";
import { MAX_ATTACHMENTS_TOTAL_BYTES } from "@portal/domain";
import type { FastifyPluginAsync } from "fastify";
import { unmatchedMailRoutes } from "../inbound-mail/index.js";
import { reportRoutes } from "../reports/index.js";
import type { SmartInquiryContext } from "../smart-inquiry/index.js";
import { consoleCannedReplyRoutes } from "./canned-reply-routes.js";
import { consoleHelpSuggestionRoutes } from "./help-suggestion-routes.js";
import { consoleMailRoutes } from "./mail-routes.js";
import { consoleMemberRoutes } from "./member-routes.js";
import { consoleQueryRoutes } from "./query-routes.js";
import { consoleSecondFactorRoutes } from "./second-factor-routes.js";
import { consoleStaffRoutes } from "./staff-routes.js";

/**
 * The staff console's calls, registered with the prefix CONSOLE_BASE. Every route declares a
 * staff or supervisor audience (modules/access): a member gets 403 before anything is read.
 */
export const consoleModule: FastifyPluginAsync<SmartInquiryContext> = async (app, context) => {
  // Documents received are files under the same rules as a member's attachments (attachment-guard).
  await app.register(multipart, {
    limits: { fileSize: MAX_ATTACHMENTS_TOTAL_BYTES + 1, files: 20, fields: 10, parts: 30, headerPairs: 100 },
  });
  const { config, db, secret, now, blobStore } = context;
  const routeContext: SmartInquiryContext = { config, db, secret, now, blobStore };
  await app.register(consoleQueryRoutes, routeContext);
  await app.register(consoleHelpSuggestionRoutes, routeContext);
  await app.register(consoleMemberRoutes, routeContext);
  await app.register(consoleMailRoutes, routeContext);
  await app.register(unmatchedMailRoutes, routeContext);
  await app.register(consoleCannedReplyRoutes, routeContext);
  await app.register(consoleStaffRoutes, routeContext);
  await app.register(consoleSecondFactorRoutes, routeContext);
  // The supervisors' reports (modules/reports).
  await app.register(reportRoutes, routeContext);
};
