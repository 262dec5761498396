import {
  consoleMemberParamsSchema,
  consoleMemberSummarySchema,
  DEFAULT_CATEGORIES,
  documentIntakeResponseSchema,
  errorBodySchema,
  staffListResponseSchema,
} from "@portal/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errors } from "../../lib/errors.js";
import { AUDIENCES, AUDIT_RESOURCES, auditChange, auditRead, entityParam } from "../access/index.js";
import { listDeskStaff, readMemberSummary, recordDocumentsReceived } from "../conversations/index.js";
import { documentSubmissionLink, documentsReceivedMail } from "../mail/index.js";
import { listMemberEmails, mailAddressee } from "../members/index.js";
import type { SmartInquiryContext } from "../smart-inquiry/index.js";
import { receiveSubmission } from "../smart-inquiry/index.js";
import { commitBlobsWithRows } from "../storage/index.js";

const errorResponses = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  413: errorBodySchema,
  415: errorBodySchema,
};

const intakeFieldsSchema = z.object({
  category: z.enum(DEFAULT_CATEGORIES.map((category) => category.value) as [string, ...string[]], {
    message: "Please choose the category of the documents.",
  }),
  /** The member's query the documents came for, if any: its thread then shows them received. */
  referenceNumber: z.coerce
    .number({ message: "The query's reference number must be a number." })
    .int()
    .positive()
    .optional(),
});

/**
 * A member as the console shows them (summary), the documents staff record as received for a
 * member (a document submission with its own reference number, e-mailed to the member), and the
 * list of staff a supervisor may assign queries to.
 */
export const consoleMemberRoutes: FastifyPluginAsyncZod<SmartInquiryContext> = async (app, context) => {
  const { db, blobStore } = context;

  app.get(
    "/members/:entityNumber",
    {
      schema: {
        params: consoleMemberParamsSchema,
        response: { 200: consoleMemberSummarySchema, ...errorResponses },
      },
      config: {
        access: {
          audience: AUDIENCES.staff,
          target: entityParam("entityNumber"),
          audit: auditRead(AUDIT_RESOURCES.consoleMemberSummary),
        },
      },
    },
    async (request) => {
      const summary = await readMemberSummary(db, request.access.target);
      if (!summary) throw errors.notFound();
      return summary;
    },
  );

  app.post(
    "/members/:entityNumber/document-submissions",
    {
      schema: {
        params: consoleMemberParamsSchema,
        consumes: ["multipart/form-data"],
        response: { 200: documentIntakeResponseSchema, ...errorResponses },
      },
      config: {
        access: {
          audience: AUDIENCES.staff,
          target: entityParam("entityNumber"),
          audit: auditChange(AUDIT_RESOURCES.documentIntake),
        },
      },
    },
    async (request) => {
      const member = request.access.target;
      const staff = request.access.actor.entityNumber;
      const now = context.now();
      const received = await receiveSubmission(
        request,
        blobStore,
        (fields) => {
          const parsed = intakeFieldsSchema.safeParse(fields);
          if (!parsed.success)
            throw errors.validation(parsed.error.issues[0]?.message ?? "The form is not valid.");
          return parsed.data;
        },
        now,
      );
      const discardAll = () =>
        Promise.allSettled(received.files.map((file) => blobStore.discard(file.pending)));
      if (received.files.length === 0) {
        await discardAll();
        throw errors.validation("Please attach the documents received.");
      }
      // A dependent without a membership number of their own has no log-in and no address: a
      // submission under them would tell no one, and the principal member could not open it.
      const summary = await readMemberSummary(db, member);
      if (summary && summary.membershipNumber === null && summary.principal) {
        await discardAll();
        const { principal } = summary;
        throw errors.validation(
          `${summary.firstName} ${summary.lastName} has no membership number of their own, so no one would be told of these documents. Record them under the principal member, ${principal.firstName} ${principal.lastName} (membership number ${principal.membershipNumber ?? "not known"}), who is told by e-mail.`,
        );
      }
      // As for a member's submission (commitBlobsWithRows): the rows, the mail and the audit row
      // commit together with the files, or nothing does.
      const [emails, addressee] = await Promise.all([
        listMemberEmails(db, member),
        mailAddressee(db, member),
      ]);
      const memberMailed = emails[0] !== undefined;
      const referenceNumber = await commitBlobsWithRows<number>(
        context,
        received.files.map((file) => file.pending),
        now,
        (work) => request.access.change(work),
        (tx) =>
          recordDocumentsReceived(tx, {
            memberEntityNumber: member,
            recordedByEntityNumber: staff,
            category: received.fields.category,
            forQuery: received.fields.referenceNumber ?? null,
            at: now,
            files: received.files.map((file) => ({
              fileName: file.fileName,
              contentType: file.contentType,
              sizeBytes: file.sizeBytes,
              blobKey: file.pending.key,
            })),
            // The register's first address: a mail about documents needs no copy to the others.
            mail: (referenceNumber) =>
              emails[0]
                ? documentsReceivedMail(context.config.brand, {
                    to: [emails[0]],
                    cc: [],
                    referenceNumber,
                    memberEntityNumber: member,
                    firstName: addressee.firstName,
                    language: addressee.language,
                    queryLink: documentSubmissionLink(context.config.publicUrl, referenceNumber),
                    category: received.fields.category,
                    fileCount: received.files.length,
                  })
                : null,
          }),
      );
      request.log.info(
        { referenceNumber, files: received.files.length, memberMailed },
        "documents recorded as received",
      );
      return { referenceNumber, memberMailed };
    },
  );

  app.get(
    "/staff",
    {
      schema: { response: { 200: staffListResponseSchema, ...errorResponses } },
      config: { access: { audience: AUDIENCES.staff } },
    },
    async () => ({ staff: await listDeskStaff(db) }),
  );
};
