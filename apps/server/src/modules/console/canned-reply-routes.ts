import {
  cannedRepliesResponseSchema,
  cannedReplyBodySchema,
  cannedReplyParamsSchema,
  cannedReplySchema,
  errorBodySchema,
} from "@portal/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errors } from "../../lib/errors.js";
import { AUDIENCES, AUDIT_RESOURCES, auditChange } from "../access/index.js";
import {
  createCannedReply,
  deleteCannedReply,
  listCannedReplies,
  updateCannedReply,
} from "../conversations/index.js";
import { prepareReply } from "../mail/index.js";
import type { SmartInquiryContext } from "../smart-inquiry/index.js";

const errorResponses = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
};

/** Every agent reads them; supervisors keep them, each change audited as the supervisor's own. */
const supervisorChange = {
  access: { audience: AUDIENCES.supervisor, audit: auditChange(AUDIT_RESOURCES.cannedReply) },
};

/** The canned replies agents insert into a reply (mounted at CONSOLE_BASE). */
export const consoleCannedReplyRoutes: FastifyPluginAsyncZod<SmartInquiryContext> = async (app, context) => {
  const { db } = context;

  /** Cleaned by the reply allowlist, as a reply is: what is inserted is what could be sent. */
  const cleaned = async (html: string) => {
    const prepared = await prepareReply(html);
    if (!prepared.hasText) throw errors.validation("Please write the reply.");
    return prepared.html;
  };

  app.get(
    "/canned-replies",
    {
      schema: { response: { 200: cannedRepliesResponseSchema, ...errorResponses } },
      config: { access: { audience: AUDIENCES.staff } },
    },
    async () => ({ cannedReplies: await listCannedReplies(db) }),
  );

  app.post(
    "/canned-replies",
    {
      schema: { body: cannedReplyBodySchema, response: { 200: cannedReplySchema, ...errorResponses } },
      config: supervisorChange,
    },
    async (request) => {
      const html = await cleaned(request.body.html);
      const by = request.access.actor.entityNumber;
      return request.access.change((tx) =>
        createCannedReply(tx, { title: request.body.title, html, by, at: context.now() }),
      );
    },
  );

  app.put(
    "/canned-replies/:id",
    {
      schema: {
        params: cannedReplyParamsSchema,
        body: cannedReplyBodySchema,
        response: { 200: cannedReplySchema, ...errorResponses },
      },
      config: supervisorChange,
    },
    async (request) => {
      const html = await cleaned(request.body.html);
      const by = request.access.actor.entityNumber;
      return request.access.change((tx) =>
        updateCannedReply(tx, request.params.id, { title: request.body.title, html, by, at: context.now() }),
      );
    },
  );

  app.delete(
    "/canned-replies/:id",
    {
      schema: { params: cannedReplyParamsSchema, response: { 204: z.null(), ...errorResponses } },
      config: supervisorChange,
    },
    async (request, reply) => {
      await request.access.change((tx) => deleteCannedReply(tx, request.params.id));
      return reply.code(204).send(null);
    },
  );
};
