import {
  canUpdateQuery,
  createQueryResponseSchema,
  EXCEPTION_CODES,
  smartInquiryErrorResponses as errorResponses,
  isRegisteredEmail,
  referenceParamsSchema,
  replyDueWindow,
} from "@portal/domain";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { AppError } from "../../lib/errors.js";
import { AUDIENCES, queryParam, type RouteAccess } from "../access/index.js";
import { checkDailyUploadVolume, listMemberEmails, reserveMemberAction } from "../members/index.js";
import { idempotencyKeyFrom, requestFingerprint } from "./idempotency.js";
import type { NewQuery } from "./queries-repository.js";
import { requireViewableQuery } from "./query-views.js";
import { receiveSubmission } from "./receive-submission.js";
import type { SmartInquiryContext } from "./smart-inquiry-context.js";
import { storeSubmission } from "./store-submission.js";
import {
  parseDefaultCreate,
  parseMedxpressCreate,
  parsePlainCreate,
  parseUpdate,
} from "./submission-payloads.js";

const createSchema = {
  consumes: ["multipart/form-data"],
  response: { 200: createQueryResponseSchema, ...errorResponses },
};
const updateSchema = { ...createSchema, params: referenceParamsSchema };
// A member logs queries for themselves and updates only their own (someone else's: the 404 of a
// query that does not exist, before any file is read).
const createRoute = {
  schema: createSchema,
  config: { access: { audience: AUDIENCES.member } as RouteAccess },
};
const updateRoute = {
  schema: updateSchema,
  config: { access: { audience: AUDIENCES.member, target: queryParam("referenceNumber") } as RouteAccess },
};

const notUpdatableError = () =>
  new AppError(409, EXCEPTION_CODES.QUERY_NOT_UPDATABLE, "This query can no longer be updated.");

type QueryFields = Omit<NewQuery, "memberEntityNumber" | "loggedAt" | "parentReferenceNumber" | "replyDueOn">;

/**
 * Replies go to the address typed in the form; a typo sends medical content to a stranger. The
 * server does not take the browser's word: it compares the address with the register of the
 * session's member. It does not refuse one outside it (the specification's request has no
 * confirmation, docs/decisions/0007): it answers whether to record it, and the console warns the
 * agent, reading the register again when the query is opened.
 */
async function replyAddressOutsideRegister(
  context: SmartInquiryContext,
  member: number,
  email: string,
  confirmedByMember: boolean,
): Promise<{ confirmedByMember: boolean } | undefined> {
  const registered = await listMemberEmails(context.db, member);
  return isRegisteredEmail(email, registered) ? undefined : { confirmedByMember };
}

/**
 * Receives one submission, then stores it all or nothing. `toQuery` turns the parsed fields into
 * the new query row (and may refuse, e.g. an update of a closed query).
 */
async function submit<Fields extends object>(
  context: SmartInquiryContext,
  request: FastifyRequest,
  routeName: string,
  parse: (fields: Record<string, string>) => Fields,
  toQuery: (
    fields: Fields,
    member: number,
  ) => Promise<
    QueryFields & {
      parentReferenceNumber: number | null;
      /** A new query's: the member confirmed an address the register does not hold for them. */
      emailConfirmed?: boolean;
    }
  >,
) {
  const member = request.access.target;
  const key = idempotencyKeyFrom(request.headers["idempotency-key"]);
  // Counted before a byte is read: a member past the limit sends nothing into the store.
  await reserveMemberAction(context, member, "query-or-update");
  await checkDailyUploadVolume(context, member);
  const now = context.now();
  const receive = () => receiveSubmission(request, context.blobStore, parse, now);
  const received = await (context.submissionsInFlight?.run(member, receive) ?? receive());
  let query: NewQuery;
  let outsideRegister: { confirmedByMember: boolean } | undefined;
  try {
    const { emailConfirmed = false, ...fields } = await toQuery(received.fields, member);
    // An update keeps the address of the query it adds to, checked when that was logged.
    if (fields.parentReferenceNumber === null) {
      outsideRegister = await replyAddressOutsideRegister(context, member, fields.email, emailConfirmed);
    }
    // The promise made to the member: 1 to 2 business days for a query, 2 to 3 for an update.
    const promise = fields.parentReferenceNumber === null ? "QUERY" : "UPDATE";
    query = {
      ...fields,
      memberEntityNumber: member,
      loggedAt: now,
      replyDueOn: replyDueWindow(now, promise, context.config.TIME_ZONE).latest,
    };
  } catch (error) {
    await Promise.allSettled(received.files.map((file) => context.blobStore.discard(file.pending)));
    throw error;
  }
  const idempotency = key
    ? { key, fingerprint: requestFingerprint(routeName, received.fields, received.files) }
    : undefined;
  const referenceNumber = await storeSubmission(context, query, received.files, idempotency);
  request.log.info(
    { event: "query_logged", referenceNumber, attachments: received.files.length },
    "query stored",
  );
  if (outsideRegister) {
    // The query and whether the member confirmed, never the address (logs carry no member data).
    const record = { event: "reply_address_not_in_register", referenceNumber, ...outsideRegister };
    if (outsideRegister.confirmedByMember) request.log.info(record, "reply address confirmed by the member");
    else request.log.warn(record, "reply address neither in the register nor confirmed");
  }
  return { referenceNumber };
}

/** Creating and updating queries: the required paths under the service base. */
export const smartInquirySubmitRoutes: FastifyPluginAsyncZod<SmartInquiryContext> = async (app, context) => {
  app.post("/member-queries/query-additional-info", createRoute, async (request) =>
    submit(context, request, "default-create", parseDefaultCreate, async (fields) => ({
      origin: fields.origin,
      category: fields.category,
      subCategory: fields.subCategory || null,
      product: null,
      queryText: fields.query,
      email: fields.email,
      ccEmail: fields.ccEmail ?? null,
      parentReferenceNumber: null,
      emailConfirmed: fields.emailConfirmed,
    })),
  );

  app.post("/member-queries", createRoute, async (request) =>
    submit(context, request, "plain-create", parsePlainCreate, async (fields) => ({
      origin: fields.origin,
      category: fields.category,
      subCategory: null,
      product: null,
      queryText: fields.query,
      email: fields.email,
      ccEmail: null,
      parentReferenceNumber: null,
      emailConfirmed: fields.emailConfirmed,
    })),
  );

  app.post("/member-queries/:referenceNumber", updateRoute, async (request) =>
    addUpdate(context, request, request.params.referenceNumber),
  );
};

/** The portal paths the forms post to for medxpress queries and for updates (requirements §7). */
export const portalSmartInquiryRoutes: FastifyPluginAsyncZod<SmartInquiryContext> = async (app, context) => {
  app.post("/member-queries", createRoute, async (request) =>
    submit(context, request, "medxpress-create", parseMedxpressCreate, async (fields) => ({
      origin: fields.origin,
      category: fields.category,
      subCategory: null,
      product: fields.product,
      queryText: fields.query,
      email: fields.email,
      ccEmail: null,
      parentReferenceNumber: null,
      emailConfirmed: fields.emailConfirmed,
    })),
  );

  app.post("/member-queries/:referenceNumber", updateRoute, async (request) =>
    addUpdate(context, request, request.params.referenceNumber),
  );
};

/** An update is a new query row linked to the original, allowed exactly when its view says canUpdate. */
function addUpdate(context: SmartInquiryContext, request: FastifyRequest, originalReference: number) {
  return submit(context, request, `update-${originalReference}`, parseUpdate, async (fields, member) => {
    const original = await requireViewableQuery(context.db, member, originalReference, fields.origin);
    const updateWindow = { now: context.now(), updateWindowDays: context.config.UPDATE_WINDOW_DAYS };
    if (!canUpdateQuery(original, updateWindow)) throw notUpdatableError();
    return {
      origin: fields.origin,
      category: original.category,
      subCategory: original.subCategory,
      product: original.product,
      email: original.email,
      ccEmail: original.ccEmail,
      queryText: fields.query,
      parentReferenceNumber: original.referenceNumber,
    };
  });
}
