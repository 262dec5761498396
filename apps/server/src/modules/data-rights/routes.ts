import { CONSOLE_BASE, MY_DATA_BASE } from "@portal/domain";
import type { FastifyPluginAsync } from "fastify";
import { informationOfficerRoutes } from "./information-officer-routes.js";
import { type DataRightsContext, myDataRoutes } from "./my-data-routes.js";

/** The member's "My data" (MY_DATA_BASE) and the information officer's desk (CONSOLE_BASE). */
export const dataRightsModule: FastifyPluginAsync<DataRightsContext> = async (app, context) => {
  const { config, db, secret, now, blobStore } = context;
  const routeContext: DataRightsContext = { config, db, secret, now, blobStore };
  await app.register(myDataRoutes, { ...routeContext, prefix: MY_DATA_BASE });
  await app.register(informationOfficerRoutes, { ...routeContext, prefix: CONSOLE_BASE });
};
