import multipart from "@fastify/multipart";
import {
  EXCEPTION_CODES,
  entityParamsSchema,
  errorBodySchema,
  memberDetailsErrorResponses as errorResponses,
  PROFILE_PICTURE_FIELD,
  PROFILE_PICTURE_LIMITS,
  PROFILE_PICTURE_MESSAGES,
  profilePictureDataUri,
  TEXT_PLAIN,
} from "@portal/domain";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../app-context.js";
import { AppError, errors } from "../../lib/errors.js";
import {
  AUDIENCES,
  AUDIT_RESOURCES,
  auditChange,
  auditRead,
  entityParam,
  type RouteAccess,
  SELF,
} from "../access/index.js";
import { reserveMemberAction } from "../members/index.js";
import { normaliseProfilePicture, pictureRefused, renderProfilePicture } from "./profile-picture-image.js";
import {
  deleteProfilePicture,
  findProfilePicture,
  saveProfilePicture,
} from "./profile-picture-repository.js";

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
const readAccess = (target: RouteAccess["target"]): { access: RouteAccess } => ({
  access: { audience: AUDIENCES.member, target, audit: auditRead(AUDIT_RESOURCES.profilePicture) },
});
const changeAccess = {
  access: { audience: AUDIENCES.member, audit: auditChange(AUDIT_RESOURCES.profilePicture) },
};

type PictureRequest = FastifyRequest<{ Querystring: z.output<typeof pictureSizeQuerySchema> }>;

const noPicture = () => new AppError(404, EXCEPTION_CODES.NOT_FOUND, PROFILE_PICTURE_MESSAGES.notFound);

/**
 * Profile pictures (requirements §7). GET /profile-picture/ and /{entityNumber} answer a data URI, the
 * /base64 variants the bare base64 (docs/decisions/0005); each takes width, height and crop. POST
 * /profile-picture/ replaces the logged-in person's own picture (multipart, field "file"), DELETE
 * /profile-picture removes it. Another person's picture is read like their other data: only within
 * reach (else 404) and audited, as each route declares.
 */
export const profilePictureRoutes: FastifyPluginAsyncZod<AppContext> = async (app, context) => {
  const { db } = context;
  await app.register(multipart, {
    limits: { fileSize: PROFILE_PICTURE_LIMITS.maxBytes, files: 1, fields: 5, parts: 6, headerPairs: 50 },
  });

  // The route schemas have already validated and converted the query; the plugin, the target.
  const answerPicture = (asDataUri: boolean) => async (request: PictureRequest, reply: FastifyReply) => {
    const stored = await findProfilePicture(db, request.access.target);
    if (!stored) throw noPicture();
    const base64 = (await renderProfilePicture(stored, request.query)).toString("base64");
    reply.type(TEXT_PLAIN);
    return asDataUri ? profilePictureDataUri(base64) : base64;
  };
  const own = { schema: readSchema, config: readAccess(SELF) };
  const entity = { schema: entityReadSchema, config: readAccess(entityParam("entityNumber")) };
  app.get("/profile-picture/", own, answerPicture(true));
  app.get("/profile-picture/base64", own, answerPicture(false));
  app.get("/profile-picture/:entityNumber", entity, answerPicture(true));
  app.get("/profile-picture/:entityNumber/base64", entity, answerPicture(false));

  app.post(
    "/profile-picture/",
    {
      schema: {
        consumes: ["multipart/form-data"],
        response: { 200: z.string(), 413: errorBodySchema, 415: errorBodySchema, ...errorResponses },
      },
      config: changeAccess,
    },
    async (request, reply) => {
      await reserveMemberAction(context, request.access.actor.entityNumber, "profile-picture");
      const upload = await readPictureUpload(request);
      const picture = await normaliseProfilePicture(upload);
      const { target } = request.access;
      await request.access.change((tx) => saveProfilePicture(tx, target, picture, context.now()));
      request.log.info({ width: picture.width, height: picture.height }, "profile picture saved");
      reply.type(TEXT_PLAIN);
      return profilePictureDataUri(picture.image.toString("base64"));
    },
  );

  app.delete(
    "/profile-picture",
    { schema: { response: { 204: z.null(), ...errorResponses } }, config: changeAccess },
    async (request, reply) => {
      const { target } = request.access;
      const removed = await request.access.change(
        (tx) => deleteProfilePicture(tx, target),
        (wasThere) => wasThere,
      );
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
