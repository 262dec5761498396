import type { IncomingMessage, ServerOptions } from "node:http";
import type { FastifyInstance, FastifyServerOptions } from "fastify";
import type { Config } from "../config/env.js";

// A client that sends a byte every few seconds, or opens connections by the thousand, must not
// hold the server. Timeouts end slow requests and idle sockets; one address may hold at most
// MAX_CONNECTIONS_PER_ADDRESS connections at once (unless a trusted proxy stands in front: then
// every connection comes from the proxy, which does this job itself).

/** Fastify's server options for the timeouts, and Node's (`http`) that Fastify does not name. */
export function timeoutOptions(config: Config): TimeoutOptions {
  const headersTimeoutMs = Math.min(config.HEADERS_TIMEOUT_SECONDS, config.REQUEST_TIMEOUT_SECONDS) * 1000;
  return {
    // The whole request, body included: a body trickled in slowly is cut off at this limit.
    requestTimeout: config.REQUEST_TIMEOUT_SECONDS * 1000,
    // A socket with no traffic at all for this long is closed, unless a request on it has been
    // received whole and is being worked on (installBusySocketsKept).
    connectionTimeout: config.IDLE_SOCKET_TIMEOUT_SECONDS * 1000,
    keepAliveTimeout: config.KEEP_ALIVE_TIMEOUT_SECONDS * 1000,
    http: {
      // Node insists that the headers' timeout is within the request's.
      headersTimeout: headersTimeoutMs,
      // Node looks for expired requests only this often (every 30 s unless told): a timeout is
      // only as sharp as this interval.
      connectionsCheckingInterval: Math.min(5_000, Math.ceil(headersTimeoutMs / 2)),
    },
  };
}

type TimeoutOptions = Pick<
  FastifyServerOptions,
  "connectionTimeout" | "keepAliveTimeout" | "requestTimeout"
> & {
  http: ServerOptions;
};

export function installConnectionLimits(app: FastifyInstance, config: Config): void {
  const cap = config.MAX_CONNECTIONS_PER_ADDRESS;
  if (cap === 0 || config.TRUST_PROXY) return;
  const openByAddress = new Map<string, number>();
  app.server.on("connection", (socket) => {
    const address = socket.remoteAddress ?? "unknown";
    const open = (openByAddress.get(address) ?? 0) + 1;
    if (open > cap) {
      socket.destroy();
      return;
    }
    openByAddress.set(address, open);
    socket.once("close", () => {
      const left = (openByAddress.get(address) ?? 1) - 1;
      if (left <= 0) openByAddress.delete(address);
      else openByAddress.set(address, left);
    });
  });
}

/**
 * The idle-socket timeout is for sockets with nothing to do: once a request has been received
 * whole, its socket's timeout is off until the answer is sent, so a request waiting on the
 * database (a row another write holds) is answered, or rolls back, rather than having its socket
 * cut while its transaction commits. Receiving the request stays bounded by requestTimeout and
 * headersTimeout; Node sets the keep-alive timeout once the answer is sent, and the idle one again
 * when the next request on the socket begins.
 */
export function installBusySocketsKept(app: FastifyInstance): void {
  app.server.on("request", (request: IncomingMessage) => {
    const { socket } = request;
    if (request.complete) socket.setTimeout(0);
    else request.once("end", () => socket.setTimeout(0));
  });
}
