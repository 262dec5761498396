import { StartupError } from "../lib/startup-error.js";

// A server database that cannot be used at start-up is said in one line that names where and why,
// never with a stack trace and never with the URL's password.

const MEANINGS: Record<string, string> = {
  ECONNREFUSED: "nothing answers there (is PostgreSQL running, on that host and port?)",
  ENOTFOUND: "the host name is not known",
  EAI_AGAIN: "the host name could not be looked up",
  ETIMEDOUT: "the connection timed out",
  EHOSTUNREACH: "the host cannot be reached",
  ECONNRESET: "the server closed the connection",
  "28P01": "the password was refused",
  "28000": "the role (user) or this client is not allowed: check the user name and pg_hba.conf",
  "3D000": "the database does not exist: create it first (createdb)",
  "57P03": "the server is starting up or shutting down",
  "53300": "the server has no connections left",
};

export class DatabaseUnreachableError extends StartupError {
  override name = "DatabaseUnreachableError";
}

function codeOf(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && typeof current === "object" && current !== null; depth += 1) {
    const { code, cause, errors } = current as { code?: unknown; cause?: unknown; errors?: unknown };
    if (typeof code === "string" && code) return code;
    // A host with several addresses fails as an AggregateError of one error per address.
    current = cause ?? (Array.isArray(errors) ? errors[0] : undefined);
  }
  return undefined;
}

/** Where the URL points, without its user's password. */
export function databaseWhere(connectionString: string): string {
  try {
    const url = new URL(connectionString);
    const user = url.username ? `${decodeURIComponent(url.username)}@` : "";
    return `${user}${url.hostname}:${url.port || "5432"}${url.pathname}`;
  } catch {
    return "DATABASE_URL";
  }
}

/** A StartupError for a failure to connect or log in; undefined for anything else (a bug, a failed migration). */
export function unreachableDatabase(connectionString: string, error: unknown): StartupError | undefined {
  const code = codeOf(error);
  const meaning = code ? MEANINGS[code] : undefined;
  if (!code || !meaning) return undefined;
  return new DatabaseUnreachableError(
    `Cannot use the database at ${databaseWhere(connectionString)} (${code}): ${meaning}. Check DATABASE_URL.`,
  );
}
