import helmet from "@fastify/helmet";
import type { FastifyInstance } from "fastify";
import type { Config } from "../config/env.js";

/** Hosts the SPA may call besides its own: protocol-relative service bases (`//host/path`). */
function serviceHosts(config: Config): string[] {
  return [config.SMART_INQUIRY_BASE, config.MEMBER_DETAILS_BASE]
    .filter((base) => base.startsWith("//"))
    .map((base) => base.slice(2).split("/")[0] ?? "")
    .filter((host) => host.length > 0)
    .flatMap((host) => [`https://${host}`, `http://${host}`]);
}

/** Helmet with a strict Content-Security-Policy the built SPA runs under (no inline script). */
export async function installSecurityHeaders(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", "data:"],
        fontSrc: ["'self'", "data:"],
        connectSrc: ["'self'", ...serviceHosts(config)],
        frameSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'self'"],
      },
    },
    // Set below, only on answers that went out over TLS (directly or behind a trusted proxy).
    strictTransportSecurity: false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
  });
  app.addHook("onSend", async (request, reply) => {
    // With TRUST_PROXY, request.protocol is the proxy's X-Forwarded-Proto.
    if (request.protocol === "https") reply.header("strict-transport-security", HSTS);
    reply.header("permissions-policy", PERMISSIONS_POLICY);
    // The id an operator finds this request by in the log; support can ask a member for it.
    reply.header("x-request-id", request.id);
  });
}

const HSTS = "max-age=31536000; includeSubDomains";

/** The portal uses none of these powerful features; nothing it shows may ask for them. */
const PERMISSIONS_POLICY = [
  "accelerometer=()",
  "camera=()",
  "geolocation=()",
  "gyroscope=()",
  "magnetometer=()",
  "microphone=()",
  "payment=()",
  "usb=()",
].join(", ");
