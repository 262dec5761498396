import multipart from "@fastify/multipart";
import {
  EXCEPTION_CODES,
  PROFILE_PICTURE_FIELD,
  PROFILE_PICTURE_LIMITS,
  PROFILE_PICTURE_MESSAGES,
  profilePictureDataUri,
} from "@portal/domain";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../app-context.js";
import type { Db } from "../../db/database.js";
import { errorBodySchema } from "../../lib/error-body-schema.js";
import { AppError, errors } from "../../lib/errors.js";
import { requireMember } from "../gateway/session-plugin.js";
import { type Reach, reachOf, requireInReach } from "./access.js";
import { recordOwnChange } from "./audit-trail.js";
import { AUDIT_RESOURCES, auditedAnswer } from "./audited-answer.js";
import { normaliseProfilePicture, pictureRefused, renderProfilePicture } from "./profile-picture-image.js";
import {
  deleteProfilePicture,
  findProfilePicture,
  saveProfilePicture,
} from "./profile-picture-repository.js";
import { entityParamsSchema, errorResponses, TEXT_PLAIN } from "./route-schemas.js";

const pixels = z.coerce.number().int().min(1).max(PROFILE_PICTURE_LIMITS.maxRequestedSize).optional();
const pictureSizeQuerySchema = z.object({
  width: pixels,
  height: pixels,
  crop: z
    .enum(["true", "false"])
    .optional()
    .transform((value) => value === "true"),
});
const readSchema = { querystring: pictureSizeQuerySchema, response: { 200: z.string(), ...errorResponses } };
const entityReadSchema = { ...readSchema, params: entityParamsSchema };

type PictureSizeQuery = z.output<typeof pictureSizeQuerySchema>;
type OwnPictureRequest = FastifyRequest<{ Querystring: PictureSizeQuery }>;
type EntityPictureRequest = FastifyRequest<{
  Querystring: PictureSizeQuery;
  Params: { entityNumber: number };
}>;

const noPicture = () => new AppError(404, EXCEPTION_CODES.NOT_FOUND, PROFILE_PICTURE_MESSAGES.notFound);

/**
 * Profile pictures (spec §7). GET /profile-picture/ and /{entityNumber} answer a data URI, the
 * /base64 variants the bare base64 (docs/decisions/0005); each takes width, height and crop. POST
 * /profile-picture/ replaces the logged-in person's own picture (multipart, field "file"), DELETE
 * /profile-picture removes it. Another person's picture is read like their other data: only within
 * reach (else 404) and audited.
 */
export const profilePictureRoutes: FastifyPluginAsyncZod<AppContext> = async (app, context) => {
  const { db } = context;
  await app.register(multipart, {
    limits: { fileSize: PROFILE_PICTURE_LIMITS.maxBytes, files: 1, fields: 5, parts: 6, headerPairs: 50 },
  });

  async function answerPicture(
    request: FastifyRequest,
    reply: FastifyReply,
    reach: Reach,
    entityNumber: number,
    query: PictureSizeQuery,
    asDataUri: boolean,
  ) {
    const stored = await findProfilePicture(db, entityNumber);
    if (!stored) throw noPicture();
    const read = { body: stored, subjects: [entityNumber] };
    const picture = await auditedAnswer(context, request, reply, reach, AUDIT_RESOURCES.profilePicture, read);
    const base64 = (await renderProfilePicture(picture, query)).toString("base64");
    reply.type(TEXT_PLAIN);
    return asDataUri ? profilePictureDataUri(base64) : base64;
  }

  // The route schemas have already validated and converted params and query.
  const ownPicture = (asDataUri: boolean) => async (request: OwnPictureRequest, reply: FastifyReply) => {
    const reach = await reachOf(db, requireMember(request).entityNumber);
    return answerPicture(request, reply, reach, reach.actorEntityNumber, request.query, asDataUri);
  };
  app.get("/profile-picture/", { schema: readSchema }, ownPicture(true));
  app.get("/profile-picture/base64", { schema: readSchema }, ownPicture(false));

  const entityPicture =
    (asDataUri: boolean) => async (request: EntityPictureRequest, reply: FastifyReply) => {
      const reach = await reachOf(db, requireMember(request).entityNumber);
      const { entityNumber } = request.params;
      requireInReach(reach, entityNumber);
      return answerPicture(request, reply, reach, entityNumber, request.query, asDataUri);
    };
  app.get("/profile-picture/:entityNumber", { schema: entityReadSchema }, entityPicture(true));
  app.get("/profile-picture/:entityNumber/base64", { schema: entityReadSchema }, entityPicture(false));

  app.post(
    "/profile-picture/",
    {
      schema: {
        consumes: ["multipart/form-data"],
        response: { 200: z.string(), 413: errorBodySchema, 415: errorBodySchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const actor = requireMember(request).entityNumber;
      const upload = await readPictureUpload(request);
      const picture = await normaliseProfilePicture(upload);
      await db.transaction(async (tx) => {
        await saveProfilePicture(tx as unknown as Db, actor, picture, context.now());
        await recordOwnChange(tx as unknown as Db, {
          entityNumber: actor,
          resource: AUDIT_RESOURCES.profilePicture,
          requestId: request.id,
          at: context.now(),
        });
      });
      request.log.info({ width: picture.width, height: picture.height }, "profile picture saved");
      reply.header("cache-control", "private, no-store");
      reply.type(TEXT_PLAIN);
      return profilePictureDataUri(picture.image.toString("base64"));
    },
  );

  app.delete(
    "/profile-picture",
    { schema: { response: { 204: z.null(), ...errorResponses } } },
    async (request, reply) => {
      const actor = requireMember(request).entityNumber;
      const removed = await db.transaction(async (tx) => {
        const wasThere = await deleteProfilePicture(tx as unknown as Db, actor);
        if (wasThere) {
          await recordOwnChange(tx as unknown as Db, {
            entityNumber: actor,
            resource: AUDIT_RESOURCES.profilePicture,
            requestId: request.id,
            at: context.now(),
          });
        }
        return wasThere;
      });
      if (!removed) throw noPicture();
      return reply.code(204).send(null);
    },
  );
};

/** The one file of the upload, read into memory: at most maxBytes, so small enough to hold. */
async function readPictureUpload(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw errors.validation("The request must be multipart/form-data.");
  for await (const part of request.parts()) {
    if (part.type !== "file") continue;
    if (part.fieldname !== PROFILE_PICTURE_FIELD) {
      part.file.resume();
      continue;
    }
    try {
      return await part.toBuffer();
    } catch (error) {
      if ((error as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE") throw pictureRefused.tooLarge();
      throw error;
    }
  }
  throw errors.validation("Please choose a picture to upload.");
}
