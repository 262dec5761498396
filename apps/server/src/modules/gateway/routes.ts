import { authenticationRequestMessageSchema, GATEWAY_PATH, PORTAL_PING_PATH } from "@portal/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../app-context.js";
import { errorBodySchema } from "../../lib/error-body-schema.js";
import { requestOrigin } from "../../lib/request-origin.js";
import { cookieOptions, SESSION_COOKIE } from "./cookies.js";
import { logIn } from "./login.js";
import { deleteSession } from "./sessions.js";
import { bindXsrfToNewPreSession, bindXsrfToSession } from "./xsrf-plugin.js";

const memberSummarySchema = z.object({
  entityNumber: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
});

const sessionInfoSchema = z.discriminatedUnion("authenticated", [
  z.object({ authenticated: z.literal(false) }),
  z.object({ authenticated: z.literal(true), member: memberSummarySchema }),
]);

export const gatewayRoutes: FastifyPluginAsyncZod<AppContext> = async (app, context) => {
  app.post(
    GATEWAY_PATH,
    {
      schema: {
        body: authenticationRequestMessageSchema,
        response: {
          200: sessionInfoSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          403: errorBodySchema,
          429: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const success = await logIn(context, request.body, {
        ownOrigin: requestOrigin(request),
        clientAddress: request.ip,
      });
      // Rotate: whatever session the browser had before is ended, never upgraded.
      if (request.memberSession) await deleteSession(context.db, request.memberSession.tokenHash);
      reply.setCookie(SESSION_COOKIE, success.sessionToken, cookieOptions(request, true));
      bindXsrfToSession(request, success.sessionToken);
      request.log.info({ event: "login_succeeded" }, "member logged in");
      return { authenticated: true as const, member: success.member };
    },
  );

  app.get("/wsg/session", { schema: { response: { 200: sessionInfoSchema } } }, async (request, reply) => {
    reply.header("cache-control", "no-store");
    const session = request.memberSession;
    if (!session) return { authenticated: false as const };
    const { entityNumber, firstName, lastName } = session;
    return { authenticated: true as const, member: { entityNumber, firstName, lastName } };
  });

  app.post(
    "/wsg/logout",
    { schema: { response: { 204: z.null(), 403: errorBodySchema } } },
    async (request, reply) => {
      if (request.memberSession) await deleteSession(context.db, request.memberSession.tokenHash);
      reply.clearCookie(SESSION_COOKIE, cookieOptions(request, true));
      bindXsrfToNewPreSession(request);
      return reply.code(204).send(null);
    },
  );

  app.get(PORTAL_PING_PATH, { schema: { response: { 200: z.string() } } }, async (_request, reply) => {
    reply.type("text/plain; charset=utf-8").header("cache-control", "no-store");
    return "OK";
  });
};
