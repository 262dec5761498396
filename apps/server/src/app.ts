import cookie from "@fastify/cookie";
import { CONSOLE_BASE } from "@portal/domain";
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyServerOptions } from "fastify";
import { validatorCompiler } from "fastify-type-provider-zod";
import type { AppContext } from "./app-context.js";
import { installCompression } from "./lib/compression.js";
import { installBusySocketsKept, installConnectionLimits, timeoutOptions } from "./lib/connection-limits.js";
import { installErrorHandling } from "./lib/error-handler.js";
import { installJsonDepthLimit } from "./lib/json-depth.js";
import { loggerOptions } from "./lib/logger.js";
import { mountPath } from "./lib/mount-path.js";
import { nulTextGuard } from "./lib/nul-text-guard.js";
import { openApiPlugin } from "./lib/openapi.js";
import { requestIdFor } from "./lib/request-id.js";
import { checkedResponseSerializer } from "./lib/response-serializer.js";
import { installSecurityHeaders } from "./lib/security-headers.js";
import { accessPlugin } from "./modules/access/index.js";
import { accountRoutes } from "./modules/accounts/index.js";
import { appConfigRoutes } from "./modules/app-config/index.js";
import { consoleModule } from "./modules/console/index.js";
import { contentRoutes } from "./modules/content/index.js";
import { dataRightsModule } from "./modules/data-rights/index.js";
import { gatewayRoutes } from "./modules/gateway/index.js";
import { helpRoutes } from "./modules/help/index.js";
import { memberDetailsRoutes } from "./modules/member-details/index.js";
import { createInFlightCounter } from "./modules/members/index.js";
import { healthRoutes, metricsPlugin, traceNamesPlugin } from "./modules/monitoring/index.js";
import { sessionPlugin, xsrfPlugin } from "./modules/session/index.js";
import { smartInquiryModule } from "./modules/smart-inquiry/index.js";
import { staffSignInOf, staffSignInRoutes } from "./modules/staff-sign-in/index.js";
import type { BlobStore } from "./modules/storage/index.js";
import { portalPageRoutes, webAppRoutes } from "./modules/web-app/index.js";

export interface BuildAppOptions extends AppContext {
  /** Where attachments live (local directory or S3-compatible). */
  blobStore: BlobStore;
  /** Serve the built SPA at `/` (the server does; route tests need not). */
  serveWebApp?: boolean;
  logger?: FastifyServerOptions["logger"];
  /** A logger made before the app (server.ts logs start-up with it); wins over `logger`. */
  loggerInstance?: FastifyBaseLogger;
  /** Spans are being sent (tracing.ts): each request's span is then named by its route. */
  tracing?: boolean;
}

/** Builds the whole portal as one Fastify instance. Never listens: server.ts does, tests inject. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { serveWebApp = false, logger, loggerInstance, blobStore, tracing = false, ...context } = options;
  const app = Fastify({
    ...(loggerInstance ? { loggerInstance } : { logger: logger ?? loggerOptions(context.config.LOG_LEVEL) }),
    trustProxy: context.config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    // A caller's X-Request-Id is kept only when it is a plain token (it lands in every log line).
    requestIdHeader: false,
    genReqId: requestIdFor,
    return503OnClosing: true,
    ...timeoutOptions(context.config),
  });
  installConnectionLimits(app, context.config);
  installBusySocketsKept(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(checkedResponseSerializer);
  installErrorHandling(app, context.config);
  // Before every route: each plugin registered after it inherits the JSON parser.
  installJsonDepthLimit(app);
  // First: its hooks time every request, by route pattern (app.metrics is decorated here).
  const submissionsInFlight = createInFlightCounter(context.config.MAX_UPLOADS_IN_FLIGHT_PER_MEMBER);
  await app.register(metricsPlugin, {
    db: context.db,
    uploadsInFlight: submissionsInFlight,
    inboundMailConfigured: context.config.INBOUND_IMAP_URL !== undefined,
  });
  // Without tracing there is no span to name: no hook on every request for nothing.
  if (tracing) await app.register(traceNamesPlugin);

  await installSecurityHeaders(app, context.config);
  await installCompression(app);
  await app.register(cookie);
  await app.register(nulTextGuard);
  // Anti-forgery first: a forged request is refused before any session lookup.
  await app.register(xsrfPlugin, context);
  await app.register(sessionPlugin, context);
  // Before the routes: the document is made from every route registered after it.
  await app.register(openApiPlugin, context);
  // Before every module: its onRoute hook must see each route as it is registered.
  await app.register(accessPlugin, context);
  // /healthz and /readyz: public probes (markShuttingDown is decorated here).
  await app.register(healthRoutes, { ...context, blobStore });

  await app.register(gatewayRoutes, context);
  await app.register(accountRoutes, context);
  await app.register(contentRoutes, context);
  await app.register(helpRoutes, context);
  await app.register(appConfigRoutes, context);
  // /auth/staff/*: staff sign in through the scheme's OpenID provider, when STAFF_OIDC_* are set.
  const staffSignIn = staffSignInOf(context.config);
  if (staffSignIn) await app.register(staffSignInRoutes, { ...context, ...staffSignIn });
  await app.register(smartInquiryModule, { ...context, blobStore, submissionsInFlight });
  await app.register(memberDetailsRoutes, {
    ...context,
    prefix: mountPath(context.config.MEMBER_DETAILS_BASE),
  });
  await app.register(consoleModule, { ...context, blobStore, prefix: CONSOLE_BASE });
  await app.register(dataRightsModule, { ...context, blobStore });
  await app.register(portalPageRoutes);
  if (serveWebApp) await app.register(webAppRoutes, context);
  return app;
}
