import { type ExceptionCode, errorBodySchema } from "@portal/domain";
import { HttpResponse, type JsonBodyType } from "msw";
import { z } from "zod";

// A stub answer is only worth something if the real service could send it. Every stub body goes
// through the domain's contract schema first: typed by it (a wrong field fails the typecheck) and
// parsed by it (a wrong value fails the test), so a contract change breaks the tests that rely on it.

const violations: string[] = [];

/** The body as the service would send it, or an error when the contract refuses it. */
export function contractBody<Schema extends z.ZodType>(
  schema: Schema,
  body: z.input<Schema>,
): z.output<Schema> {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const violation = `A test stub breaks the contract:\n${z.prettifyError(parsed.error)}`;
  // Recorded as well as thrown: thrown inside a request handler, the error would only become a
  // 500 answer, which a test of an error state could mistake for the failure it expects.
  violations.push(violation);
  throw new Error(violation);
}

/** A JSON answer whose body the contract accepts. */
export function contractJson<Schema extends z.ZodType<JsonBodyType>>(
  schema: Schema,
  body: z.input<Schema>,
  init?: ResponseInit,
): Response {
  return HttpResponse.json(contractBody(schema, body), init);
}

/** A text answer (a data URI, the base64 of a PDF, a sentence) that the contract accepts. */
export function contractText(schema: z.ZodType<string>, text: string, init?: ResponseInit): Response {
  return HttpResponse.text(contractBody(schema, text), init);
}

/** The one error shape every service answers with (requirements §8), with one of its real codes. */
export function errorJson(
  status: number,
  exceptionCode: ExceptionCode,
  message = "Something went wrong.",
): Response {
  return contractJson(errorBodySchema, { status, exceptionCode, message }, { status });
}

/** The contract violations of the test that just ran, forgotten once read. */
export function takeContractViolations(): string[] {
  return violations.splice(0);
}
