import {
  contactDetailsUpdateSchema,
  memberDetailsErrorResponsesWith403 as errorResponsesWith403,
  memberDetailsResponseSchema,
} from "@portal/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../app-context.js";
import { AUDIENCES, AUDIT_RESOURCES, auditChange } from "../access/index.js";
import { prepareContactDetailsChange } from "./change-contact-details.js";
import { readMemberDetails } from "./entity-reads.js";

/**
 * POST /member-details/: the logged-in member replaces their own e-mail addresses, phone numbers
 * and addresses. A change of the e-mail addresses or phone numbers asks for `currentPassword` and
 * tells the addresses the member had (change-contact-details.ts). The change, its audit rows (never
 * the data) and those mails are written in one transaction; the answer is the member's details as
 * they now stand. Only one's own: there is no entity to name.
 */
export const contactDetailsRoutes: FastifyPluginAsyncZod<AppContext> = async (app, context) => {
  const { db } = context;

  app.post(
    "/member-details/",
    {
      schema: {
        body: contactDetailsUpdateSchema,
        // 403: the anti-forgery token is missing or wrong, or the current password is missing or wrong.
        response: { 200: memberDetailsResponseSchema, ...errorResponsesWith403 },
      },
      config: { access: { audience: AUDIENCES.member, audit: auditChange(AUDIT_RESOURCES.contactDetails) } },
    },
    async (request) => {
      const { actor, target } = request.access;
      const work = await prepareContactDetailsChange(context, target, request.body, request.id);
      await request.access.change(work);
      // Only the member's own details, without dependents: nobody else's data to audit.
      return readMemberDetails(db, target, { addresses: "true" }, await actor.memberReach());
    },
  );
};
