import {
  formatDate,
  holdsPermission,
  membershipCardOrderConfirmation,
  membershipCardOrderNumber,
} from "@portal/domain";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../app-context.js";
import type { Db } from "../../db/database.js";
import { errors } from "../../lib/errors.js";
import { requireMember } from "../gateway/session-plugin.js";
import { reachOf } from "./access.js";
import { recordOwnChange } from "./audit-trail.js";
import { AUDIT_RESOURCES, type AuditResource, auditedAnswer } from "./audited-answer.js";
import { placeCardOrder } from "./membership-card-orders.js";
import { type MembershipDocumentData, readMembershipDocumentData } from "./membership-document-data.js";
import { renderMembershipCard, renderMembershipCertificate } from "./membership-pdf.js";
import { permissionContextOf } from "./roles-repository.js";
import { errorResponses, TEXT_PLAIN } from "./route-schemas.js";
import { errorResponsesWith403 } from "./self-service-schemas.js";

const textAnswer = { response: { 200: z.string(), ...errorResponses } };

/**
 * GET /v2/member-details/membership-card and /membership-certificate answer text: the base64 of a
 * PDF made for the logged-in member (docs/decisions/0005). POST /v2/member-details/order-membership-card
 * orders a new card and answers a sentence with the order number; it changes data, so it is a POST
 * and carries the anti-forgery token like every other unsafe request.
 */
export const membershipDocumentRoutes: FastifyPluginAsyncZod<AppContext> = async (app, context) => {
  const { db } = context;
  /** The member's calendar day: the server runs in the scheme's time zone (TZ). */
  const today = () => formatDate(context.now());

  async function pdfAnswer(
    request: FastifyRequest,
    reply: FastifyReply,
    resource: AuditResource,
    render: (data: MembershipDocumentData) => Promise<Uint8Array>,
  ) {
    const reach = await reachOf(db, requireMember(request).entityNumber);
    const read = await readMembershipDocumentData(db, reach.actorEntityNumber, reach, today());
    const data = await auditedAnswer(context, request, reply, reach, resource, read);
    const pdf = await render(data);
    reply.type(TEXT_PLAIN);
    return Buffer.from(pdf).toString("base64");
  }

  app.get("/v2/member-details/membership-card", { schema: textAnswer }, (request, reply) =>
    pdfAnswer(request, reply, AUDIT_RESOURCES.membershipCard, renderMembershipCard),
  );

  app.get("/v2/member-details/membership-certificate", { schema: textAnswer }, (request, reply) =>
    pdfAnswer(request, reply, AUDIT_RESOURCES.membershipCertificate, renderMembershipCertificate),
  );

  const orderSchema = { response: { 200: z.string(), ...errorResponsesWith403 } };
  app.post("/v2/member-details/order-membership-card", { schema: orderSchema }, async (request, reply) => {
    const actor = requireMember(request).entityNumber;
    if (!holdsPermission("ORDER_MEMBERSHIP_CARD", await permissionContextOf(db, actor, "SELF"))) {
      throw errors.forbidden("Only the principal member of a policy can order a new membership card.");
    }
    const order = await db.transaction(async (tx) => {
      const placed = await placeCardOrder(tx as unknown as Db, {
        entityNumber: actor,
        orderedBy: actor,
        orderedOn: today(),
      });
      if (placed.created) {
        await recordOwnChange(tx as unknown as Db, {
          entityNumber: actor,
          resource: AUDIT_RESOURCES.membershipCardOrder,
          requestId: request.id,
          at: context.now(),
        });
      }
      return placed;
    });
    request.log.info({ orderId: order.id, created: order.created }, "membership card order");
    reply.header("cache-control", "private, no-store");
    reply.type(TEXT_PLAIN);
    return membershipCardOrderConfirmation(membershipCardOrderNumber(order.id));
  });
};
