import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../app-context.js";
import { contactDetailsRoutes } from "./contact-details-routes.js";
import { doctorAllocationRoutes } from "./doctor-allocation-routes.js";
import { entityResourceRoutes } from "./entity-resource-routes.js";
import { memberSearchRoutes } from "./member-search-routes.js";
import { membershipDocumentRoutes } from "./membership-document-routes.js";
import { permissionRoutes } from "./permission-routes.js";
import { profilePictureRoutes } from "./profile-picture-routes.js";
import { waitingPeriodRoutes } from "./waiting-period-routes.js";

/**
 * The member-details service (requirements §7), mounted under MEMBER_DETAILS_BASE. Every route
 * declares its access in `config.access`; the access plugin resolves whom it acts on and writes
 * the audit trail.
 */
export const memberDetailsRoutes: FastifyPluginAsyncZod<AppContext> = async (app, options) => {
  // The prefix was applied to this plugin; passed on, it would be applied a second time.
  const { config, db, secret, now } = options;
  const context: AppContext = { config, db, secret, now };
  await app.register(entityResourceRoutes, context);
  await app.register(contactDetailsRoutes, context);
  await app.register(memberSearchRoutes, context);
  await app.register(permissionRoutes, context);
  await app.register(waitingPeriodRoutes, context);
  await app.register(doctorAllocationRoutes, context);
  await app.register(membershipDocumentRoutes, context);
  await app.register(profilePictureRoutes, context);
};
