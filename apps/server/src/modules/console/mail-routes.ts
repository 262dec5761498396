import { errorBodySchema, failedMailsResponseSchema, mailParamsSchema } from "@portal/domain";
import { inArray } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { members } from "../../db/schema/members.js";
import { errors } from "../../lib/errors.js";
import { AUDIENCES, AUDIT_RESOURCES, auditChange, auditRead } from "../access/index.js";
import { renewedAccountLinkMail } from "../accounts/index.js";
import { listFailedMails, maskedEmail, resendParkedMail } from "../mail/index.js";
import type { SmartInquiryContext } from "../smart-inquiry/index.js";

const errorResponses = { 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

/**
 * Mails the outbox parked after their last attempt, for a supervisor to see and send again: the
 * kind, the query, the member's name, the first recipient masked (m•••@example.com), why the last
 * attempt failed and when the outbox gave up. Never the content.
 */
export const consoleMailRoutes: FastifyPluginAsyncZod<SmartInquiryContext> = async (app, context) => {
  const { db } = context;

  app.get(
    "/mails/failed",
    {
      schema: { response: { 200: failedMailsResponseSchema, ...errorResponses } },
      config: {
        access: {
          audience: AUDIENCES.supervisor,
          audit: auditRead(
            AUDIT_RESOURCES.failedMails,
            (body: { mails: { member: { entityNumber: number } | null }[] }) =>
              body.mails.flatMap((mail) => (mail.member ? [mail.member.entityNumber] : [])),
          ),
        },
      },
    },
    async () => {
      const failed = await listFailedMails(db, { limit: 100 });
      const entityNumbers = [...new Set(failed.flatMap((mail) => mail.memberEntityNumber ?? []))];
      const people =
        entityNumbers.length === 0
          ? []
          : await db
              .select({
                entityNumber: members.entityNumber,
                firstName: members.firstName,
                lastName: members.lastName,
              })
              .from(members)
              .where(inArray(members.entityNumber, entityNumbers));
      return {
        mails: failed.map((mail) => ({
          id: mail.id,
          kind: mail.kind,
          referenceNumber: mail.referenceNumber,
          member: people.find((person) => person.entityNumber === mail.memberEntityNumber) ?? null,
          recipient: mail.toAddresses[0] ? maskedEmail(mail.toAddresses[0]) : null,
          otherRecipients: Math.max(0, mail.toAddresses.length - 1),
          attempts: mail.attempts,
          lastErrorCode: mail.lastErrorCode,
          createdAt: mail.createdAt.toISOString(),
          parkedAt: mail.parkedAt.toISOString(),
        })),
      };
    },
  );

  app.post(
    "/mails/:mailId/resend",
    {
      schema: { params: mailParamsSchema, response: { 204: z.null(), ...errorResponses } },
      config: { access: { audience: AUDIENCES.supervisor, audit: auditChange(AUDIT_RESOURCES.mailResend) } },
    },
    async (request, reply) => {
      const { actor } = request.access;
      // Audited against the member the mail is about; a mail about nobody in the register, against the supervisor.
      // A registration or password-reset mail goes with a new link (the old one stops working).
      const now = context.now();
      const resent = await request.access.change(
        (tx) =>
          resendParkedMail(tx, request.params.mailId, now, (parked) =>
            renewedAccountLinkMail(context, tx, parked, now),
          ),
        (mail) => mail !== undefined,
        (mail) => mail?.memberEntityNumber ?? actor.entityNumber,
      );
      if (!resent) throw errors.notFound();
      request.log.info({ mailId: request.params.mailId }, "failed mail queued again");
      return reply.code(204).send(null);
    },
  );
};
