import type { FastifyRequest } from "fastify";

/** The request's own origin as a browser writes it (default ports dropped). */
export function requestOrigin(request: FastifyRequest): string {
  try {
    return new URL(`${request.protocol}://${request.host}`).origin;
  } catch {
    return "null";
  }
}
