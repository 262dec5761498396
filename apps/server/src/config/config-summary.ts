import { type Config, envSchema } from "./env.js";

// What the log says of the configuration at start: every setting the portal read, with its value,
// so an operator sees what a process runs with, but never a secret. SESSION_SECRET, the S3 keys and
// the OAuth clients' secrets say only that they are set; a password inside a URL (DATABASE_URL,
// SMTP_URL, any other) is replaced by ***. Settings left unset are left out. A file a setting
// names is shown by its path (BRAND_FILE, INBOUND_IMAP_OAUTH_SERVICE_ACCOUNT_FILE): what was read
// from it (the brand, the service account's key) is not a setting and never appears here.

const SECRET_SETTINGS = new Set([
  "SESSION_SECRET",
  "S3_ACCESS_KEY_ID",
  "S3_SECRET_ACCESS_KEY",
  "STAFF_OIDC_CLIENT_SECRET",
  "INBOUND_IMAP_OAUTH_CLIENT_SECRET",
]);
export const WITHHELD = "(set; withheld)";

/** A URL's password as ***; any other value as it is. */
function withoutPassword(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutPassword);
  if (typeof value !== "string" || !URL.canParse(value)) return value;
  const url = new URL(value);
  if (!url.password) return value;
  url.password = "***";
  return url.toString();
}

export function configSummary(config: Config): Record<string, unknown> {
  const summary: Record<string, unknown> = {};
  for (const name of Object.keys(envSchema.shape)) {
    const value = (config as unknown as Record<string, unknown>)[name];
    if (value === undefined) continue;
    summary[name] = SECRET_SETTINGS.has(name) ? WITHHELD : withoutPassword(value);
  }
  summary.databaseKind = config.databaseKind;
  summary.mailTransport = config.mailTransport;
  summary.seedDemoData = config.seedDemoData;
  summary.publicUrl = config.publicUrl;
  return summary;
}
