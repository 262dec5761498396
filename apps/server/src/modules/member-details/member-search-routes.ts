import {
  memberDetailsErrorResponsesWith403 as errorResponsesWith403,
  MEMBER_SEARCH_MAX_RESULTS,
  memberSearchResponseSchema,
  memberSearchSchema,
} from "@portal/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../app-context.js";
import { AUDIENCES, AUDIT_RESOURCES, auditRead } from "../access/index.js";
import { searchMembers } from "./member-search-repository.js";

/**
 * POST /member-search: staff find a member by membership number or surname. Anyone without a
 * staff role gets 403 FORBIDDEN, whatever they asked. Every person in the answer is audited as read
 * by the staff member, before the answer is sent. The list is short: names and numbers only.
 */
export const memberSearchRoutes: FastifyPluginAsyncZod<AppContext> = async (app, context) => {
  const { db } = context;

  app.post(
    "/member-search",
    {
      schema: {
        body: memberSearchSchema,
        response: { 200: memberSearchResponseSchema, ...errorResponsesWith403 },
      },
      // The audience is checked before the body is validated: a member learns nothing from 400s.
      config: {
        access: {
          audience: AUDIENCES.staff,
          audit: auditRead(AUDIT_RESOURCES.memberSearch, (body: { members: { entityNumber: number }[] }) =>
            body.members.map((member) => member.entityNumber),
          ),
        },
      },
    },
    async (request) => {
      const found = await searchMembers(db, request.body);
      return { members: found.slice(0, MEMBER_SEARCH_MAX_RESULTS) };
    },
  );
};
