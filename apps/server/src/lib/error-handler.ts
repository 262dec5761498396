import { EXCEPTION_CODES } from "@portal/domain";
import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import type { Config } from "../config/env.js";
import { AppError, errors } from "./errors.js";
import { apiPathPrefixes, notFoundPage, wantsNotFoundPage } from "./not-found-page.js";
import { unavailableAnswer } from "./unavailable.js";

// Fastify's own client errors (bad JSON, wrong content type, body too large) keep their status
// but get our wording: their messages may echo parser internals.
const CLIENT_ERROR_MESSAGES: Record<number, [string, string]> = {
  400: [EXCEPTION_CODES.VALIDATION, "The request could not be read."],
  413: [EXCEPTION_CODES.PAYLOAD_TOO_LARGE, "The request is too large."],
  415: [EXCEPTION_CODES.VALIDATION, "The request's content type is not supported."],
};

function firstValidationMessage(error: FastifyError): string {
  if (hasZodFastifySchemaValidationErrors(error)) {
    const [issue] = error.validation;
    if (issue) {
      const where = issue.instancePath.replace(/^\//, "").replaceAll("/", ".");
      return where ? `${where}: ${issue.message}` : String(issue.message);
    }
  }
  return "The request is not valid.";
}

/**
 * Every error leaves as `{ status, exceptionCode, message }`; a 500 never shows internals. The one
 * exception: a browser navigating to an unknown page gets an HTML "Page not found" page.
 */
export function installErrorHandling(
  app: FastifyInstance,
  config: Pick<Config, "SMART_INQUIRY_BASE" | "MEMBER_DETAILS_BASE" | "brand">,
): void {
  const apiPrefixes = apiPathPrefixes(config);
  const notFoundHtml = notFoundPage(config.brand);
  app.setErrorHandler((error: FastifyError, request, reply) => {
    let appError: AppError;
    if (error instanceof AppError) {
      appError = error;
    } else if (error.validation) {
      appError = errors.validation(firstValidationMessage(error));
    } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      const [code, message] = CLIENT_ERROR_MESSAGES[error.statusCode] ?? [
        EXCEPTION_CODES.VALIDATION,
        "Bad request.",
      ];
      appError = new AppError(error.statusCode, code, message);
    } else {
      const unavailable = unavailableAnswer(error);
      request.log.error({ err: error }, unavailable ? "storage or database unavailable" : "unhandled error");
      appError = unavailable ?? errors.internal();
    }
    if (appError.statusCode >= 500 && error instanceof AppError)
      request.log.error({ err: error }, "server error");
    // Refused before its body was read (a forged request, a closed door): the connection ends with
    // the answer, so a client cannot keep it open by trickling the rest of the body.
    if (!request.raw.complete) reply.header("connection", "close");
    return reply.code(appError.statusCode).headers(appError.headers).send(appError.toBody());
  });

  app.setNotFoundHandler((request, reply) => {
    if (wantsNotFoundPage(request, apiPrefixes)) {
      return reply
        .code(404)
        .type("text/html; charset=utf-8")
        .header("cache-control", "no-cache")
        .send(notFoundHtml);
    }
    const notFound = errors.notFound();
    return reply.code(404).send(notFound.toBody());
  });
}
