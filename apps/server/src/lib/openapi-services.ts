import { PORTAL_PING_PATH, XSRF_HEADER } from "@portal/domain";
import type { Config } from "../config/env.js";
import { SESSION_COOKIE } from "../modules/session/index.js";
import { PORTAL_SMART_INQUIRY_PATH } from "../modules/smart-inquiry/index.js";
import { mountPath } from "./mount-path.js";

// Which service each route of the OpenAPI document belongs to: its tag (the reference page's
// section), what it needs to be called, and where the SPA calls it.

/** How a call proves who is calling: the session cookie, and the anti-forgery header when unsafe. */
export const SECURITY_SCHEMES = {
  memberSession: { type: "apiKey", in: "cookie", name: SESSION_COOKIE },
  xsrfToken: { type: "apiKey", in: "header", name: XSRF_HEADER },
} as const;

interface Service {
  tag: string;
  /** Whether every call needs a logged-in session (else 401). */
  needsSession: boolean;
  /** The other host the SPA calls when the service's base is protocol-relative (`//host/path`). */
  host: string | null;
  owns(url: string): boolean;
}

/** The operation fields a route gets from its service. */
export interface ServiceFields {
  tags: string[];
  security?: Record<string, string[]>[];
  servers?: { url: string }[];
}

const SMART_INQUIRY = "Smart inquiry";
const MEMBER_DETAILS = "Member details";

function isUnder(url: string, path: string): boolean {
  return path === "" || url === path || url.startsWith(`${path}/`);
}

/** `//host/api/x` is called at that host, which forwards it here to /api/x. */
function hostOf(base: string): string | null {
  return base.startsWith("//") ? `//${base.slice(2).split("/")[0]}` : null;
}

/** The document's tags, in the order the reference page shows them. */
export function openApiTags(config: Config) {
  return [
    { name: "Login gateway", description: "Logging in and out, the session, and the portal ping." },
    { name: "App config", description: "What the SPA reads before it renders." },
    {
      name: "Content",
      description:
        "HTML fragments and images at /site{path}; /site/preview{path} reads the preview tree first.",
    },
    {
      name: SMART_INQUIRY,
      description: `Under SMART_INQUIRY_BASE (here ${config.SMART_INQUIRY_BASE}); medxpress queries and updates are posted under ${PORTAL_SMART_INQUIRY_PATH}.`,
    },
    { name: MEMBER_DETAILS, description: `Under MEMBER_DETAILS_BASE (here ${config.MEMBER_DETAILS_BASE}).` },
  ];
}

/** The services, fixed paths first and then the longer base first: a route is the first owner's. */
function servicesOf(config: Config): Service[] {
  const bases = [
    { tag: SMART_INQUIRY, base: config.SMART_INQUIRY_BASE },
    { tag: MEMBER_DETAILS, base: config.MEMBER_DETAILS_BASE },
  ]
    .map(({ tag, base }) => ({ tag, base, path: mountPath(base) }))
    .sort((a, b) => b.path.length - a.path.length);
  return [
    {
      tag: "Login gateway",
      needsSession: false,
      host: null,
      owns: (url) => isUnder(url, "/wsg") || url === PORTAL_PING_PATH,
    },
    { tag: "App config", needsSession: false, host: null, owns: (url) => url === "/app-config.json" },
    { tag: "Content", needsSession: false, host: null, owns: (url) => isUnder(url, "/site") },
    {
      tag: SMART_INQUIRY,
      needsSession: true,
      host: null,
      owns: (url) => isUnder(url, PORTAL_SMART_INQUIRY_PATH),
    },
    ...bases.map(({ tag, base, path }) => ({
      tag,
      needsSession: true,
      host: hostOf(base),
      owns: (url: string) => isUnder(url, path),
    })),
  ];
}

const UNSAFE_METHODS = ["POST", "PUT", "PATCH", "DELETE"];

/** Returns, for a route's URL and method, the fields its operation gets from its service. */
export function serviceFieldsFor(config: Config) {
  const services = servicesOf(config);
  return (url: string, method: string | string[]): ServiceFields | null => {
    const service = services.find((candidate) => candidate.owns(url));
    if (!service) return null;
    const unsafe = [method].flat().some((name) => UNSAFE_METHODS.includes(name.toUpperCase()));
    const requirement: Record<string, string[]> = {
      ...(service.needsSession ? { memberSession: [] } : {}),
      ...(unsafe ? { xsrfToken: [] } : {}),
    };
    return {
      tags: [service.tag],
      ...(Object.keys(requirement).length > 0 ? { security: [requirement] } : {}),
      ...(service.host ? { servers: [{ url: service.host }] } : {}),
    };
  };
}
