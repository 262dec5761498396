import path from "node:path";
import { fileURLToPath } from "node:url";
import {
  type Brand,
  DEFAULT_MEMBER_LANGUAGE,
  DEFAULT_SCHEME_SITE_URL,
  DEFAULT_UPDATE_WINDOW_DAYS,
  isKnownTimeZone,
  isMemberLanguage,
  MEMBER_LANGUAGE_CODES,
  type MemberLanguage,
  SCHEME_TIME_ZONE,
  TRANSLATED_LANGUAGES,
} from "@portal/domain";
import { z } from "zod";
import {
  DEFAULT_PASSWORD_HASH_COST,
  MAX_PASSWORD_HASH_COST,
  MIN_PASSWORD_HASH_COST,
} from "../lib/passwords.js";
import { StartupError } from "../lib/startup-error.js";
import { readBrandFile } from "./brand-file.js";
import { brandMailFrom, parseMailFrom } from "./mail-from.js";
import { readServiceAccountFile, type ServiceAccount } from "./service-account-file.js";

// Every setting the server reads, validated once at start. A bad value stops start-up with a
// message naming the variable (see loadConfig).

/** A placeholder, like the rest of the demo scheme (Meridian Health, meridian.example). */
export { DEFAULT_SCHEME_SITE_URL };

const repoRoot = fileURLToPath(new URL("../../../../", import.meta.url));

const booleanText = z
  .enum(["true", "false", "1", "0", "yes", "no"])
  .transform((value) => value === "true" || value === "1" || value === "yes");

/** A base path the SPA calls: relative (`/api/x`) or protocol-relative (`//host/api/x`). */
const basePath = z
  .string()
  .regex(/^\/[^\s?#]*$/, "must be a path starting with / (or // for another host), without ? or #")
  .transform((value) => value.replace(/\/+$/, "") || "/");

const postgresUrl = z
  .string()
  .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// connection URL");

const commaList = z.string().transform((value) =>
  value
    .split(",")
    .map((item) => item.trim())
    .filter((item) => item.length > 0),
);

/** A number of days between min and max, with its default. */
const days = (min: number, max: number, fallback: number) =>
  z.coerce.number().int().min(min).max(max).default(fallback);

export const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default("127.0.0.1"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  TRUST_PROXY: booleanText.default(false),
  DATA_DIR: z.string().min(1).default(path.join(repoRoot, "data")),
  DATABASE_URL: postgresUrl.optional(),
  // The embedded database chosen on purpose: production refuses to start without DATABASE_URL
  // otherwise (a misspelt DATABASE_URL started ready on an empty database, and members were told
  // "wrong password"). "server" says DATABASE_URL must be set.
  DATABASE: z.enum(["embedded", "server"]).optional(),
  SEED_DEMO_DATA: booleanText.optional(),
  SESSION_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  PASSWORD_HASH_COST: z.coerce
    .number()
    .int()
    .min(1)
    .max(MAX_PASSWORD_HASH_COST)
    .default(DEFAULT_PASSWORD_HASH_COST),
  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(15),
  SESSION_ABSOLUTE_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(7 * 24)
    .default(12),
  SMART_INQUIRY_BASE: basePath.default("/api/smart-inquiry"),
  MEMBER_DETAILS_BASE: basePath.default("/api/member-details"),
  AUTH_DOMAIN: z.string().min(1).default("memberportal"),
  AUTH_CLIENT_ID: z.string().min(1).default("member-portal-web"),
  AUTH_REDIRECT_ORIGINS: commaList.default([]),
  CONTENT_DIR: z.string().min(1).default(path.join(repoRoot, "content")),
  CONTENT_PREVIEW_MARKER: z.string().default(""),
  // The scheme's main website: content links to pages the portal does not have go there
  // (fragments write them as {{SCHEME_SITE_URL}}/path; modules/content/scheme-site-links.ts).
  SCHEME_SITE_URL: z
    .url({
      protocol: /^https?$/,
      error: "must be the scheme's website address, such as https://www.scheme.example",
    })
    .refine((value) => !/[?#]/.test(value), "must be an address without ? or #")
    .transform((value) => value.replace(/\/+$/, ""))
    .default(DEFAULT_SCHEME_SITE_URL),
  // The scheme's name, logo, colours, numbers and mail signature: a JSON file checked at start
  // (config/brand-file.ts); unset, the example Meridian brand (docs/examples/brand.json).
  BRAND_FILE: z.string().min(1).optional(),
  WEB_DIST_DIR: z
    .string()
    .min(1)
    .default(path.join(repoRoot, "apps", "web", "dist")),
  LOGIN_SLOWDOWN_MS: z.coerce.number().int().min(0).max(10_000).default(500),
  // A second factor (TOTP) for local staff log-ins (modules/gateway/second-factor.ts): "required"
  // asks every one of them; "optional" only those who enrolled. Unset: required, except optional
  // for the embedded database in development (npm start), so a newcomer reaches the console at once.
  // Production accepts only required.
  STAFF_MFA: z.enum(["required", "optional"]).optional(),
  // How long the console's offer of an authenticator app (STAFF_MFA=optional) stays away after
  // "Not now": remembered on the log-in, not in a cookie, so every browser and log-in honours it.
  STAFF_MFA_NOT_NOW_DAYS: z.coerce.number().int().min(1).max(90).default(7),
  UPDATE_WINDOW_DAYS: z.coerce.number().int().min(1).max(3650).default(DEFAULT_UPDATE_WINDOW_DAYS),
  // The languages members may choose: by default every language whose catalogues are complete.
  MEMBER_LANGUAGES: commaList
    .pipe(
      z.array(z.string()).superRefine((codes, check) => {
        for (const code of codes) {
          if (!isMemberLanguage(code)) {
            check.addIssue({
              code: "custom",
              message: `${code} is not a member language (${MEMBER_LANGUAGE_CODES.join(", ")})`,
            });
          } else if (!TRANSLATED_LANGUAGES.includes(code)) {
            check.addIssue({
              code: "custom",
              message: `${code}'s catalogue is not complete yet; translated: ${TRANSLATED_LANGUAGES.join(", ")}`,
            });
          }
        }
        if (!codes.includes(DEFAULT_MEMBER_LANGUAGE)) {
          check.addIssue({ code: "custom", message: "must include en: English is every member's fallback" });
        }
      }),
    )
    .optional(),
  TIME_ZONE: z
    .string()
    .refine(isKnownTimeZone, "must be an IANA time zone such as Africa/Johannesburg")
    .default(SCHEME_TIME_ZONE),
  BLOB_STORE: z.enum(["local", "s3"]).default("local"),
  // With a server database, a local blob directory is per process unless every process mounts
  // the same one: then say so, and several processes may run (db/single-process-lock.ts).
  BLOB_DIR_SHARED: booleanText.default(false),
  S3_ENDPOINT: z.url().optional(),
  S3_BUCKET: z.string().min(3).optional(),
  S3_REGION: z.string().min(1).default("us-east-1"),
  S3_FORCE_PATH_STYLE: booleanText.default(false),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  // The URL may hold the relay's password: error messages name the variable, never its value.
  SMTP_URL: z
    .string()
    .regex(
      /^smtps?:\/\/[^/?#\s]+/i,
      "must be an smtp:// or smtps:// URL such as smtps://user:password@mail.example.com",
    )
    .refine(
      (value) => URL.canParse(value),
      "must be an smtp:// or smtps:// URL such as smtps://user:password@mail.example.com",
    )
    .optional(),
  // How mail leaves: "smtp" through SMTP_URL, "files" as .eml files in DATA_DIR/outbox (never
  // delivered). Unset: smtp when SMTP_URL is set, else files, except in production, which must say
  // "files" on purpose.
  MAIL_TRANSPORT: z.enum(["smtp", "files"]).optional(),
  MAIL_FROM: z
    .string()
    .refine(
      (value) => parseMailFrom(value) !== undefined,
      "must be an address, or a name and an address: Member portal <no-reply@scheme.example>",
    )
    .optional(),
  MAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(8),
  // The scheme's support mailbox: a conversation's mails answer to it with the conversation's
  // signed token (support+<token>@…). Unset: replies go to MAIL_FROM as before.
  SUPPORT_MAILBOX: z
    .email("must be an address without a subaddress, such as support@scheme.example")
    .refine((value) => !value.split("@")[0]?.includes("+"), "must be an address without a +subaddress")
    .optional(),
  // Where members' replies are read (modules/inbound-mail): the URL may hold the mailbox's
  // password, so messages name the variable, never its value. Unset: nothing is read.
  INBOUND_IMAP_URL: z
    .string()
    .regex(
      /^imaps?:\/\/[^/?#\s]+/i,
      "must be an imap:// or imaps:// URL such as imaps://user:password@imap.example.com",
    )
    .refine(
      (value) => URL.canParse(value),
      "must be an imap:// or imaps:// URL such as imaps://user:password@imap.example.com",
    )
    .optional(),
  INBOUND_IMAP_FOLDER: z.string().min(1).default("INBOX"),
  // Where a mail is moved once what it became has committed (created when missing).
  INBOUND_IMAP_PROCESSED_FOLDER: z.string().min(1).default("Processed"),
  INBOUND_IMAP_POLL_SECONDS: z.coerce.number().int().min(5).max(3_600).default(60),
  // The mailbox's log-in by OAuth 2.0 (XOAUTH2) instead of a password, as Exchange Online requires:
  // an access token from the token endpoint by the client-credentials grant. All four or none; the
  // token endpoint, not an issuer to discover (docs/decisions/0026). The secret is never repeated.
  INBOUND_IMAP_OAUTH_TOKEN_URL: z
    .url({
      protocol: /^https?$/,
      error:
        "must be the token endpoint's address, such as https://login.microsoftonline.com/<tenant>/oauth2/v2.0/token",
    })
    .refine((value) => {
      const url = new URL(value);
      return url.protocol === "https:" || ["localhost", "127.0.0.1", "[::1]"].includes(url.hostname);
    }, "must be an https:// address (http:// only on localhost, 127.0.0.1 or [::1])")
    .optional(),
  INBOUND_IMAP_OAUTH_CLIENT_ID: z.string().min(1).optional(),
  INBOUND_IMAP_OAUTH_CLIENT_SECRET: z.string().min(1).optional(),
  INBOUND_IMAP_OAUTH_SCOPE: z.string().min(1).optional(),
  // Or, as Google Workspace requires (it has no client-credentials grant), a service account with
  // domain-wide delegation: the path of its JSON key file, read at start; the token is had by a
  // signed assertion (RFC 7523) acting as INBOUND_IMAP_URL's user. With INBOUND_IMAP_OAUTH_SCOPE,
  // instead of the other three. The path may be said in the log; the file's content never is.
  INBOUND_IMAP_OAUTH_SERVICE_ACCOUNT_FILE: z.string().min(1).optional(),
  // The origin members reach the portal at: the mailed account links start with it. Never taken
  // from the request's Host header, which a caller chooses (a forged host would mail a link to
  // the caller's own site). Defaults to http://localhost:PORT.
  PUBLIC_URL: z
    .url({
      protocol: /^https?$/,
      error: "must be the portal's address, such as https://portal.scheme.example",
    })
    .transform((value) => value.replace(/\/+$/, ""))
    .optional(),
  ACTIVATION_LINK_MINUTES: z.coerce
    .number()
    .int()
    .min(5)
    .max(7 * 24 * 60)
    .default(60),
  PASSWORD_RESET_LINK_MINUTES: z.coerce
    .number()
    .int()
    .min(5)
    .max(24 * 60)
    .default(30),
  // Slow or idle clients are cut off (lib/connection-limits.ts); a load balancer's idle timeout
  // should be shorter than KEEP_ALIVE_TIMEOUT_SECONDS.
  REQUEST_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(120),
  // On SIGTERM: how long requests in flight (uploads included) may take to finish before they are
  // cut (lib/graceful-drain.ts); at most REQUEST_TIMEOUT_SECONDS.
  // Unset: 30, or REQUEST_TIMEOUT_SECONDS when that is shorter.
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().int().min(0).max(3600).optional(),
  HEADERS_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(300).default(15),
  IDLE_SOCKET_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  // PostgreSQL: how long a statement may wait for a row or table another transaction holds before
  // it gives up, rolls back and the request answers 503 (db/database.ts). Below the shutdown grace,
  // so a write stuck behind a lock at a deploy rolls back before its connection is cut.
  DATABASE_LOCK_WAIT_SECONDS: z.coerce.number().int().min(1).max(600).default(10),
  KEEP_ALIVE_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(75),
  MAX_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(0).max(100_000).default(50),
  MAX_UPLOADS_IN_FLIGHT_PER_MEMBER: z.coerce.number().int().min(1).max(100).default(2),
  // What one member may send (modules/members/member-limits.ts).
  MEMBER_QUERIES_PER_HOUR: z.coerce.number().int().min(1).max(10_000).default(20),
  MEMBER_PICTURES_PER_HOUR: z.coerce.number().int().min(1).max(10_000).default(10),
  MEMBER_CARD_ORDERS_PER_HOUR: z.coerce.number().int().min(1).max(10_000).default(5),
  MEMBER_UPLOAD_MB_PER_DAY: z.coerce.number().int().min(1).max(100_000).default(200),
  // Registration and reset requests answer no sooner than this, matched or not (a match queues a mail).
  ACCOUNT_ANSWER_MIN_MS: z.coerce.number().int().min(0).max(5_000).default(400),
  // Prometheus' /metrics on a listener of its own, loopback by default; 0 turns it off
  // (modules/monitoring/metrics-listener.ts; docs/operations.md, "Monitoring").
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).default(9464),
  METRICS_HOST: z.string().min(1).default("127.0.0.1"),
  // OpenTelemetry traces go there (OTLP over HTTP) when set; read by src/tracing.ts before anything
  // else loads, and checked here like every other setting.
  OTEL_EXPORTER_OTLP_ENDPOINT: z
    .url({
      protocol: /^https?$/,
      error: "must be the collector's OTLP/HTTP address, such as http://127.0.0.1:4318",
    })
    .optional(),
  OTEL_SERVICE_NAME: z.string().min(1).default("member-portal"),
  // Staff sign in through the scheme's OpenID provider when STAFF_OIDC_ISSUER is set (docs/configuration.md,
  // "Staff sign-in"; modules/staff-sign-in; docs/decisions/0020). The issuer is the base of its discovery
  // document (ISSUER/.well-known/openid-configuration): https, or http on this machine's loopback only.
  STAFF_OIDC_ISSUER: z
    .url({
      protocol: /^https?$/,
      error: "must be the OpenID provider's issuer address, such as https://login.scheme.example",
    })
    .refine((value) => {
      const url = new URL(value);
      return url.protocol === "https:" || ["localhost", "127.0.0.1", "[::1]"].includes(url.hostname);
    }, "must be an https:// address (http:// only on localhost, 127.0.0.1 or [::1])")
    .refine((value) => !/[?#]/.test(value), "must be an address without ? or #")
    .optional(),
  STAFF_OIDC_CLIENT_ID: z.string().min(1).optional(),
  // The client's secret: error messages name the variable, never its value.
  STAFF_OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  STAFF_OIDC_ROLES_CLAIM: z.string().min(1).default("roles"),
  STAFF_OIDC_AGENT_ROLE: z.string().min(1).default("portal-agent"),
  STAFF_OIDC_SUPERVISOR_ROLE: z.string().min(1).default("portal-supervisor"),
  STAFF_OIDC_INFORMATION_OFFICER_ROLE: z.string().min(1).default("portal-information-officer"),
  // With the provider configured, local staff passwords are refused unless this is true (break-glass).
  STAFF_LOCAL_LOGIN: booleanText.default(false),
  // Retention (modules/data-rights; each default and why: docs/decisions/0022). In days.
  RETENTION_CLOSED_QUERIES_DAYS: days(30, 36_500, 1_095),
  RETENTION_DOCUMENT_SUBMISSIONS_DAYS: days(30, 36_500, 1_095),
  RETENTION_SENT_MAIL_DAYS: days(1, 36_500, 90),
  // Mails read from the support mailbox: the record that one was processed, and unmatched ones.
  RETENTION_INBOUND_MAIL_DAYS: days(7, 36_500, 90),
  RETENTION_EXPIRED_SESSIONS_DAYS: days(0, 3_650, 1),
  // Throttle windows last up to a day: a row younger than two days may still be counting.
  RETENTION_THROTTLE_DAYS: days(2, 3_650, 2),
  RETENTION_ACCOUNT_TOKENS_DAYS: days(0, 3_650, 30),
  RETENTION_IDEMPOTENCY_KEYS_DAYS: days(1, 3_650, 7),
  // The audit trail must outlive what it describes; the database refuses to delete a younger row.
  RETENTION_AUDIT_DAYS: days(365, 36_500, 2_190),
  // The statutory clock of a data request: days from receipt to the day it is due.
  DATA_REQUEST_DAYS: days(1, 365, 30),
});

export type Env = z.infer<typeof envSchema>;

export interface Config extends Omit<Env, "MAIL_FROM" | "SHUTDOWN_GRACE_SECONDS" | "STAFF_MFA"> {
  /** STAFF_MFA, or its default: optional only for the embedded database in development. */
  STAFF_MFA: "required" | "optional";
  /** MAIL_FROM, or the brand's sender name at no-reply@localhost: the sender of every mail. */
  MAIL_FROM: string;
  /** SHUTDOWN_GRACE_SECONDS, or 30 (REQUEST_TIMEOUT_SECONDS when shorter). */
  SHUTDOWN_GRACE_SECONDS: number;
  /** The scheme's brand: BRAND_FILE's, or the example Meridian brand. */
  brand: Brand;
  /** MEMBER_LANGUAGES, or every translated language: what members may choose, English first. */
  memberLanguages: MemberLanguage[];
  /** "embedded" runs PGlite in DATA_DIR; "server" connects to DATABASE_URL. */
  databaseKind: "embedded" | "server";
  seedDemoData: boolean;
  /** smtp: through SMTP_URL; files: .eml files in DATA_DIR/outbox, never delivered. */
  mailTransport: "smtp" | "files";
  /** Variables that look like a misspelt setting (SESION_SECRET): said in the log at start (production refuses them). */
  warnings: string[];
  /** PUBLIC_URL, or http://localhost:PORT: the origin of the mailed account links. */
  publicUrl: string;
  /** INBOUND_IMAP_OAUTH_SERVICE_ACCOUNT_FILE's service account, its key parsed; never in the log. */
  inboundServiceAccount?: ServiceAccount;
}

export class ConfigError extends StartupError {
  override name = "ConfigError";
}

/** Variables the portal reads besides those of envSchema (tracing, metrics and the like are added there). */
const OTHER_KNOWN_VARIABLES = ["OTEL_EXPORTER_OTLP_ENDPOINT", "OTEL_SERVICE_NAME"];

/** Levenshtein distance, bounded: enough to tell SESION_SECRET from SESSION_SECRET. */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      const substitution = (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1);
      current[j] = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, substitution);
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}

/**
 * Set variables whose names are one or two edits from a setting the portal reads, but not that
 * setting: an operator's typo that would otherwise be ignored in silence.
 */
export function likelyMisspellings(env: NodeJS.ProcessEnv): string[] {
  const known = [...Object.keys(envSchema.shape), ...OTHER_KNOWN_VARIABLES];
  const knownSet = new Set(known);
  const found: string[] = [];
  for (const name of Object.keys(env)) {
    // Short names (PGPORT, HOME) are too near to short settings (PORT, HOST) to judge.
    if (knownSet.has(name) || name.length < 7) continue;
    const close = known.find(
      (candidate) =>
        candidate.length >= 7 &&
        Math.abs(candidate.length - name.length) <= 1 &&
        editDistance(name.toUpperCase(), candidate) <= 2,
    );
    if (close) found.push(`${name} is not a setting of the portal: is it a misspelling of ${close}?`);
  }
  return found;
}

/** Production means production: what a process with NODE_ENV=production refuses to start without. */
function productionProblems(values: Env, misspellings: string[]): string[] {
  if (values.NODE_ENV !== "production") return [];
  // A misspelt setting is a setting not applied: its default may be the wrong thing to run with.
  const problems: string[] = [...misspellings];
  if (!values.DATABASE_URL && values.DATABASE !== "embedded") {
    problems.push(
      "DATABASE_URL: required in production (or DATABASE=embedded to run the embedded database in DATA_DIR on purpose)",
    );
  }
  if (!values.PUBLIC_URL) {
    problems.push("PUBLIC_URL: required in production (the address in every mailed link)");
  }
  if (!values.SMTP_URL && values.MAIL_TRANSPORT !== "files") {
    problems.push(
      "SMTP_URL: required in production (or MAIL_TRANSPORT=files to write mails to DATA_DIR/outbox on purpose)",
    );
  }
  if (!values.SESSION_SECRET) {
    problems.push(
      "SESSION_SECRET: required in production (at least 32 characters, the same in every process)",
    );
  }
  if (values.SEED_DEMO_DATA) {
    problems.push("SEED_DEMO_DATA: demo accounts with published passwords are never seeded in production");
  }
  if (values.STAFF_MFA !== undefined && values.STAFF_MFA !== "required") {
    problems.push("STAFF_MFA: must be required in production (every local staff log-in has a second factor)");
  }
  return problems;
}

/** The scheme's OpenID provider is all three of issuer, client id and secret, or none of them. */
function staffOidcProblems(values: Env): string[] {
  const given = {
    STAFF_OIDC_ISSUER: values.STAFF_OIDC_ISSUER,
    STAFF_OIDC_CLIENT_ID: values.STAFF_OIDC_CLIENT_ID,
    STAFF_OIDC_CLIENT_SECRET: values.STAFF_OIDC_CLIENT_SECRET,
  };
  const set = Object.values(given).filter((value) => value !== undefined).length;
  if (set === 0 || set === 3) {
    const roleNames = [
      values.STAFF_OIDC_AGENT_ROLE,
      values.STAFF_OIDC_SUPERVISOR_ROLE,
      values.STAFF_OIDC_INFORMATION_OFFICER_ROLE,
    ];
    if (new Set(roleNames).size < roleNames.length) {
      return [
        "STAFF_OIDC_SUPERVISOR_ROLE: STAFF_OIDC_AGENT_ROLE, STAFF_OIDC_SUPERVISOR_ROLE and STAFF_OIDC_INFORMATION_OFFICER_ROLE must all differ",
      ];
    }
    return [];
  }
  return Object.entries(given)
    .filter(([, value]) => value === undefined)
    .map(
      ([name]) =>
        `${name}: required when any of STAFF_OIDC_ISSUER, STAFF_OIDC_CLIENT_ID, STAFF_OIDC_CLIENT_SECRET is set`,
    );
}

const INBOUND_OAUTH_SETTINGS = [
  "INBOUND_IMAP_OAUTH_TOKEN_URL",
  "INBOUND_IMAP_OAUTH_CLIENT_ID",
  "INBOUND_IMAP_OAUTH_CLIENT_SECRET",
  "INBOUND_IMAP_OAUTH_SCOPE",
] as const;
const INBOUND_SERVICE_ACCOUNT_SETTINGS = [
  "INBOUND_IMAP_OAUTH_SERVICE_ACCOUNT_FILE",
  "INBOUND_IMAP_OAUTH_SCOPE",
] as const;
const CLIENT_CREDENTIALS_ONLY = INBOUND_OAUTH_SETTINGS.filter((name) => name !== "INBOUND_IMAP_OAUTH_SCOPE");

/**
 * The support mailbox's OAuth log-in is the client credentials (all four settings) or a service
 * account (its key file and the scope), never both, with a mailbox URL that names its user and
 * holds no password (a token replaces it; two credentials would leave one unused).
 */
function inboundOAuthProblems(values: Env): string[] {
  const serviceAccount = values.INBOUND_IMAP_OAUTH_SERVICE_ACCOUNT_FILE !== undefined;
  if (serviceAccount) {
    const mixed = CLIENT_CREDENTIALS_ONLY.filter((name) => values[name] !== undefined);
    if (mixed.length > 0) {
      return [
        `INBOUND_IMAP_OAUTH_SERVICE_ACCOUNT_FILE: cannot be set with ${mixed.join(", ")} (a service account or a client's credentials: choose one)`,
      ];
    }
  }
  const settings = serviceAccount ? INBOUND_SERVICE_ACCOUNT_SETTINGS : INBOUND_OAUTH_SETTINGS;
  const missing = settings.filter((name) => values[name] === undefined);
  if (missing.length === settings.length) return [];
  if (missing.length > 0) {
    return missing.map((name) => `${name}: required when any of ${settings.join(", ")} is set`);
  }
  const given = settings[0];
  if (!values.INBOUND_IMAP_URL) {
    return [`INBOUND_IMAP_URL: required when ${given} is set (the mailbox to read)`];
  }
  const example = serviceAccount
    ? "imaps://support%40scheme.example@imap.gmail.com"
    : "imaps://support%40scheme.example@outlook.office365.com";
  const url = new URL(values.INBOUND_IMAP_URL);
  if (url.password) {
    return [
      `INBOUND_IMAP_URL: must hold no password when ${given} is set (the log-in is by access token): ${example}`,
    ];
  }
  if (!url.username) {
    return [`INBOUND_IMAP_URL: must name the mailbox's user when ${given} is set: ${example}`];
  }
  return [];
}

/** The languages offered to members, English first, each once, in the order of MEMBER_LANGUAGE_CODES. */
function offeredLanguages(chosen: readonly string[] | undefined): MemberLanguage[] {
  const wanted = chosen ?? TRANSLATED_LANGUAGES;
  return MEMBER_LANGUAGE_CODES.filter((code) => wanted.includes(code));
}

/** Parses the environment; throws a ConfigError naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv): Config {
  // An empty variable means "not set", as most deployment tools write it.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ""));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const values = parsed.data;
  const branded = readBrandFile(values.BRAND_FILE);
  if (branded.problems) {
    throw new ConfigError(
      `Invalid configuration:\n${branded.problems.map((problem) => `  BRAND_FILE: ${problem}`).join("\n")}`,
    );
  }
  const databaseKind = values.DATABASE_URL ? "server" : "embedded";
  if (values.DATABASE && values.DATABASE !== databaseKind) {
    throw new ConfigError(
      values.DATABASE === "server"
        ? "Invalid configuration:\n  DATABASE_URL: required when DATABASE is server"
        : "Invalid configuration:\n  DATABASE: embedded, but DATABASE_URL is set: choose one",
    );
  }
  if (databaseKind === "server" && !values.SESSION_SECRET) {
    // Several processes share one database; each must sign anti-forgery tokens the same way.
    throw new ConfigError(
      "Invalid configuration:\n  SESSION_SECRET: required when DATABASE_URL is set (at least 32 characters)",
    );
  }
  if (values.BLOB_STORE === "s3" && !values.S3_BUCKET) {
    throw new ConfigError("Invalid configuration:\n  S3_BUCKET: required when BLOB_STORE is s3");
  }
  if (values.PASSWORD_HASH_COST < MIN_PASSWORD_HASH_COST && values.NODE_ENV !== "test") {
    // Only a test run may hash cheaply: its members and passwords are thrown away.
    throw new ConfigError(
      `Invalid configuration:\n  PASSWORD_HASH_COST: must be at least ${MIN_PASSWORD_HASH_COST} unless NODE_ENV is test`,
    );
  }
  if (
    values.SHUTDOWN_GRACE_SECONDS !== undefined &&
    values.SHUTDOWN_GRACE_SECONDS > values.REQUEST_TIMEOUT_SECONDS
  ) {
    throw new ConfigError(
      "Invalid configuration:\n  SHUTDOWN_GRACE_SECONDS: must be at most REQUEST_TIMEOUT_SECONDS (no request lasts longer)",
    );
  }
  if (values.INBOUND_IMAP_URL && !values.SUPPORT_MAILBOX) {
    // Without the Reply-To token the mailbox would take members' replies by In-Reply-To alone.
    throw new ConfigError(
      "Invalid configuration:\n  SUPPORT_MAILBOX: required when INBOUND_IMAP_URL is set (the address members' replies go to)",
    );
  }
  if (values.MAIL_TRANSPORT === "smtp" && !values.SMTP_URL) {
    throw new ConfigError("Invalid configuration:\n  SMTP_URL: required when MAIL_TRANSPORT is smtp");
  }
  if (values.MAIL_TRANSPORT === "files" && values.SMTP_URL) {
    throw new ConfigError(
      "Invalid configuration:\n  MAIL_TRANSPORT: files writes mails to DATA_DIR/outbox, but SMTP_URL is set too: choose one",
    );
  }
  const mailboxOAuthProblems = inboundOAuthProblems(values);
  if (mailboxOAuthProblems.length > 0) {
    throw new ConfigError(
      `Invalid configuration:\n${mailboxOAuthProblems.map((line) => `  ${line}`).join("\n")}`,
    );
  }
  const serviceAccountFile = values.INBOUND_IMAP_OAUTH_SERVICE_ACCOUNT_FILE;
  const serviceAccount = serviceAccountFile ? readServiceAccountFile(serviceAccountFile) : undefined;
  if (serviceAccount?.problem) {
    throw new ConfigError(
      `Invalid configuration:\n  INBOUND_IMAP_OAUTH_SERVICE_ACCOUNT_FILE: ${serviceAccount.problem}`,
    );
  }
  const oidcProblems = staffOidcProblems(values);
  if (oidcProblems.length > 0) {
    throw new ConfigError(`Invalid configuration:\n${oidcProblems.map((line) => `  ${line}`).join("\n")}`);
  }
  const retentionProblems = [
    ["RETENTION_CLOSED_QUERIES_DAYS", values.RETENTION_CLOSED_QUERIES_DAYS],
    ["RETENTION_DOCUMENT_SUBMISSIONS_DAYS", values.RETENTION_DOCUMENT_SUBMISSIONS_DAYS],
  ]
    .filter(([, kept]) => values.RETENTION_AUDIT_DAYS < Number(kept))
    .map(
      ([name]) =>
        `RETENTION_AUDIT_DAYS: must be at least ${name} (a member is told who read what the scheme still holds)`,
    );
  if (retentionProblems.length > 0) {
    throw new ConfigError(
      `Invalid configuration:\n${retentionProblems.map((line) => `  ${line}`).join("\n")}`,
    );
  }
  const mailTransport = values.MAIL_TRANSPORT ?? (values.SMTP_URL ? "smtp" : "files");
  const misspellings = likelyMisspellings(env);
  const problems = productionProblems(values, misspellings);
  if (problems.length > 0) {
    throw new ConfigError(
      `Invalid configuration for NODE_ENV=production:\n${problems.map((line) => `  ${line}`).join("\n")}`,
    );
  }
  return {
    ...values,
    MAIL_FROM: values.MAIL_FROM ?? brandMailFrom(branded.brand),
    brand: branded.brand,
    memberLanguages: offeredLanguages(values.MEMBER_LANGUAGES),
    databaseKind,
    // Demo accounts have published passwords: seeded by default only into the embedded database
    // of a development (or test) run, never in production.
    seedDemoData: values.SEED_DEMO_DATA ?? (databaseKind === "embedded" && values.NODE_ENV !== "production"),
    mailTransport,
    SHUTDOWN_GRACE_SECONDS: values.SHUTDOWN_GRACE_SECONDS ?? Math.min(30, values.REQUEST_TIMEOUT_SECONDS),
    STAFF_MFA:
      values.STAFF_MFA ??
      (databaseKind === "embedded" && values.NODE_ENV === "development" ? "optional" : "required"),
    publicUrl: values.PUBLIC_URL ?? `http://localhost:${values.PORT}`,
    warnings: misspellings,
    ...(serviceAccount?.serviceAccount ? { inboundServiceAccount: serviceAccount.serviceAccount } : {}),
  };
}
