import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../app-context.js";
import { errorBodySchema } from "../../lib/error-body-schema.js";
import { requireMember } from "../gateway/session-plugin.js";
import { listMemberEmails } from "../members/members-repository.js";

const flag = z.enum(["true", "false"]).optional();

const memberDetailsResponseSchema = z.object({
  entityNumber: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  emails: z.array(z.object({ address: z.string() })),
});

/**
 * The member-details service: the logged-in member's own details. The query form prefills its
 * e-mail from the first address. (The sections behind the flags come with the member-details issue.)
 */
export const memberDetailsRoutes: FastifyPluginAsyncZod<AppContext> = async (app, context) => {
  app.get(
    "/v2/member-details",
    {
      schema: {
        querystring: z.object({ emergencyContacts: flag, dependents: flag, addresses: flag }),
        response: { 200: memberDetailsResponseSchema, 400: errorBodySchema, 401: errorBodySchema },
      },
    },
    async (request, reply) => {
      const member = requireMember(request);
      const emails = await listMemberEmails(context.db, member.entityNumber);
      reply.header("cache-control", "private, no-store");
      return {
        entityNumber: member.entityNumber,
        firstName: member.firstName,
        lastName: member.lastName,
        emails: emails.map((address) => ({ address })),
      };
    },
  );
};
