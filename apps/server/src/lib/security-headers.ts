import type { IncomingMessage, ServerResponse } from "node:http";
import type { FastifyInstance } from "fastify";
import helmet, { type HelmetOptions } from "helmet";
import type { Config } from "../config/env.js";

// Security headers, decided once at start (docs/decisions/0014): nothing in them depends on the
// request, so helmet is asked for them once, not on every answer. A document (HTML, and SVG,
// which can hold script) gets the whole set the SPA runs under; anything else (JSON, text, files,
// scripts and styles) gets what still means something for it: nosniff, who may embed or frame it,
// and a policy that lets it run nothing if it is ever opened as a page. A header a route set
// itself (the reply document's own policy, a download's sandbox) is kept.

/** Hosts the SPA may call besides its own: protocol-relative service bases (`//host/path`). */
function serviceHosts(config: Config): string[] {
  return [config.SMART_INQUIRY_BASE, config.MEMBER_DETAILS_BASE]
    .filter((base) => base.startsWith("//"))
    .map((base) => base.slice(2).split("/")[0] ?? "")
    .filter((host) => host.length > 0)
    .flatMap((host) => [`https://${host}`, `http://${host}`]);
}

/** The strict Content-Security-Policy the built SPA runs under (no inline script or style). */
function helmetOptions(config: Config): HelmetOptions {
  return {
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
  };
}

type HeaderList = ReadonlyArray<readonly [name: string, value: string]>;

/** The headers helmet sets for these options, taken from one run of its middleware. */
export function helmetHeaders(options: HelmetOptions): HeaderList {
  const headers = new Map<string, string>();
  const response = {
    setHeader: (name: string, value: unknown) => headers.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure;
  return [...headers];
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

/** For answers that are not documents: none of them is meant to be opened as a page. */
const RESOURCE_HEADERS: HeaderList = [
  ["content-security-policy", "default-src 'none'; frame-ancestors 'self'"],
  ["x-content-type-options", "nosniff"],
  ["cross-origin-resource-policy", "same-origin"],
  ["x-frame-options", "SAMEORIGIN"],
];

/** Whether an answer of this type is rendered as a page by a browser that opens it. */
export function isDocumentType(contentType: unknown): boolean {
  if (typeof contentType !== "string") return false;
  return contentType.startsWith("text/html") || contentType.startsWith("image/svg+xml");
}

export async function installSecurityHeaders(app: FastifyInstance, config: Config): Promise<void> {
  const documentHeaders: HeaderList = [
    ...helmetHeaders(helmetOptions(config)),
    ["permissions-policy", PERMISSIONS_POLICY],
  ];
  // A callback hook, not an async one: it waits for nothing, and a promise per answer is a cost
  // on every request (docs/decisions/0014).
  app.addHook("onSend", (request, reply, payload, done) => {
    const headers = isDocumentType(reply.getHeader("content-type")) ? documentHeaders : RESOURCE_HEADERS;
    for (const [name, value] of headers) {
      if (!reply.hasHeader(name)) reply.header(name, value);
    }
    // With TRUST_PROXY, request.protocol is the proxy's X-Forwarded-Proto.
    if (request.protocol === "https") reply.header("strict-transport-security", HSTS);
    // The id an operator finds this request by in the log; support can ask a member for it.
    reply.header("x-request-id", request.id);
    done(null, payload);
  });
}
