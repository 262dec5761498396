import { contactDetailsUpdateSchema } from "@portal/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../app-context.js";
import type { Db } from "../../db/database.js";
import { requireMember } from "../gateway/session-plugin.js";
import { reachOf } from "./access.js";
import { recordOwnChange } from "./audit-trail.js";
import { AUDIT_RESOURCES, auditedAnswer } from "./audited-answer.js";
import { replaceContactDetails } from "./contact-details-repository.js";
import { readMemberDetails } from "./entity-reads.js";
import { memberDetailsResponseSchema } from "./route-schemas.js";
import { errorResponsesWith403 } from "./self-service-schemas.js";

/**
 * POST /member-details/: the logged-in member replaces their own e-mail addresses, phone numbers
 * and addresses. The change and its audit row (never the data) are written in one transaction;
 * the answer is the member's details as they now stand. Only one's own: there is no entity to name.
 */
export const contactDetailsRoutes: FastifyPluginAsyncZod<AppContext> = async (app, context) => {
  const { db } = context;

  app.post(
    "/member-details/",
    {
      schema: {
        body: contactDetailsUpdateSchema,
        // 403: the anti-forgery token is missing or wrong.
        response: { 200: memberDetailsResponseSchema, ...errorResponsesWith403 },
      },
    },
    async (request, reply) => {
      const actor = requireMember(request).entityNumber;
      await db.transaction(async (tx) => {
        await replaceContactDetails(tx as unknown as Db, actor, request.body);
        await recordOwnChange(tx as unknown as Db, {
          entityNumber: actor,
          resource: AUDIT_RESOURCES.contactDetails,
          requestId: request.id,
          at: context.now(),
        });
      });
      const reach = await reachOf(db, actor);
      const read = await readMemberDetails(db, actor, { addresses: "true" }, reach);
      return auditedAnswer(context, request, reply, reach, AUDIT_RESOURCES.memberDetails, read);
    },
  );
};
