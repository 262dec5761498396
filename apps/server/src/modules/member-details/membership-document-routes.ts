import {
  memberDetailsErrorResponses as errorResponses,
  memberDetailsErrorResponsesWith403 as errorResponsesWith403,
  membershipCardOrderConfirmation,
  membershipCardOrderNumber,
  TEXT_PLAIN,
} from "@portal/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../app-context.js";
import { schemeToday } from "../../lib/scheme-today.js";
import {
  AUDIENCES,
  AUDIT_RESOURCES,
  type AuditResource,
  auditChange,
  auditRead,
  type ResolvedAccess,
} from "../access/index.js";
import { reserveMemberAction } from "../members/index.js";
import { placeCardOrder } from "./membership-card-orders.js";
import {
  type MembershipDocumentData,
  peopleInMembershipDocument,
  readMembershipDocumentData,
} from "./membership-document-data.js";
import { type PdfBrand, renderMembershipCard, renderMembershipCertificate } from "./membership-pdf.js";

const textAnswer = { response: { 200: z.string(), ...errorResponses } };

/**
 * GET /v2/member-details/membership-card and /membership-certificate answer text: the base64 of a
 * PDF made for the logged-in member (docs/decisions/0005). POST /v2/member-details/order-membership-card
 * orders a new card and answers a sentence with the order number; it changes data, so it is a POST
 * and carries the anti-forgery token like every other unsafe request.
 */
export const membershipDocumentRoutes: FastifyPluginAsyncZod<AppContext> = async (app, context) => {
  const { db } = context;
  /** The member's calendar day, in the scheme's time zone whatever the process's own. */
  const today = () => schemeToday(context);

  /** The document lists the member's family: everyone printed on it is audited as read. */
  const pdfRoute = (resource: AuditResource) => ({
    schema: textAnswer,
    config: {
      access: {
        audience: AUDIENCES.member,
        audit: auditRead(resource, async (_pdf, { actor, target }) =>
          peopleInMembershipDocument(db, target, await actor.memberReach()),
        ),
      },
    },
  });

  async function pdfAnswer(
    access: ResolvedAccess,
    render: (data: MembershipDocumentData, brand: PdfBrand) => Promise<Uint8Array>,
  ) {
    const data = await readMembershipDocumentData(
      db,
      access.target,
      await access.actor.memberReach(),
      today(),
    );
    return Buffer.from(await render(data, context.config.brand)).toString("base64");
  }

  app.get(
    "/v2/member-details/membership-card",
    pdfRoute(AUDIT_RESOURCES.membershipCard),
    async (request, reply) => {
      reply.type(TEXT_PLAIN);
      return pdfAnswer(request.access, renderMembershipCard);
    },
  );

  app.get(
    "/v2/member-details/membership-certificate",
    pdfRoute(AUDIT_RESOURCES.membershipCertificate),
    async (request, reply) => {
      reply.type(TEXT_PLAIN);
      return pdfAnswer(request.access, renderMembershipCertificate);
    },
  );

  const orderRoute = {
    schema: { response: { 200: z.string(), ...errorResponsesWith403 } },
    config: {
      access: {
        audience: AUDIENCES.member,
        permission: {
          permission: "ORDER_MEMBERSHIP_CARD",
          refusal: "Only the principal member of a policy can order a new membership card.",
        },
        audit: auditChange(AUDIT_RESOURCES.membershipCardOrder),
      },
    },
  } as const;
  app.post("/v2/member-details/order-membership-card", orderRoute, async (request, reply) => {
    const { actor, target } = request.access;
    await reserveMemberAction(context, actor.entityNumber, "card-order");
    const order = await request.access.change(
      (tx) => placeCardOrder(tx, { entityNumber: target, orderedBy: actor.entityNumber, orderedOn: today() }),
      (placed) => placed.created,
    );
    request.log.info({ orderId: order.id, created: order.created }, "membership card order");
    reply.type(TEXT_PLAIN);
    return membershipCardOrderConfirmation(membershipCardOrderNumber(order.id));
  });
};
