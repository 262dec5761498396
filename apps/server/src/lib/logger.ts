import type { FastifyServerOptions } from "fastify";

/**
 * JSON logs an operator can read, with no personal data: no client addresses, no cookies, no
 * query strings (they may carry references), no bodies.
 */
export function loggerOptions(level: string): FastifyServerOptions["logger"] {
  return {
    level,
    redact: {
      paths: ["req.headers.cookie", "req.headers.authorization", "res.headers['set-cookie']"],
      remove: true,
    },
    serializers: {
      req: (request: { method: string; url: string; id: string }) => ({
        id: request.id,
        method: request.method,
        path: request.url.split("?")[0],
      }),
    },
  };
}
