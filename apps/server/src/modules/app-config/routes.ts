import { type AppConfig, appConfigSchema, webBrandOf } from "@portal/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../app-context.js";
import { staffSignInOf } from "../staff-sign-in/index.js";

/** The SPA reads this before it renders: the service base paths are set at start-up. */
export const appConfigRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { config }) => {
  const body: AppConfig = {
    smartInquiryBase: config.SMART_INQUIRY_BASE,
    memberDetailsBase: config.MEMBER_DETAILS_BASE,
    contentPreviewMarker: config.CONTENT_PREVIEW_MARKER,
    authDomain: config.AUTH_DOMAIN,
    authClientId: config.AUTH_CLIENT_ID,
    // The brand's footer links written {{SCHEME_SITE_URL}}/path go to SCHEME_SITE_URL's pages.
    brand: webBrandOf(config.brand, config.SCHEME_SITE_URL),
    sessionIdleMinutes: config.SESSION_IDLE_MINUTES,
    staffSignIn: staffSignInOf(config) !== null,
    timeZone: config.TIME_ZONE,
    memberLanguages: config.memberLanguages,
  };
  // Checked against its contract once, here, and sent as the same bytes every time: it cannot
  // change while the process runs, and checking it per request was a tenth of the answer's time.
  const json = JSON.stringify(appConfigSchema.parse(body));
  app.get(
    "/app-config.json",
    { schema: { response: { 200: appConfigSchema } }, serializerCompiler: () => () => json },
    async (_request, reply) => {
      reply.header("cache-control", "no-cache");
      return body;
    },
  );
};
