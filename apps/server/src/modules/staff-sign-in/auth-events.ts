import type { FastifyBaseLogger } from "fastify";
import type { AuthLog } from "../../lib/auth-log.js";

// The staff sign-in's lines in the authentication log: the same keyed hashes as every other
// (lib/auth-log.ts) of the provider's subject (`oidc:<sub>`, never the value) and of the client's
// address, under events of their own.

export type StaffAuthEvent =
  | "staff_sign_in_succeeded"
  | "staff_sign_in_failed"
  | "staff_sign_in_refused"
  | "staff_local_login_refused";

export function writeStaffAuthEvent(
  authLog: AuthLog,
  log: FastifyBaseLogger,
  level: "info" | "warn",
  event: StaffAuthEvent,
  who: { subject: string | undefined; clientAddress: string },
  message: string,
  details: Record<string, unknown> = {},
): void {
  // The hashes do not depend on the event named to fields(); the line carries the staff event.
  const { subjectHash, addressHash } = authLog.fields("login_failed", who.subject, who.clientAddress);
  log[level](
    { ...details, event, ...(subjectHash === undefined ? {} : { subjectHash }), addressHash },
    message,
  );
}

/** What is hashed for a subject of the provider: prefixed, so it never matches a username's hash. */
export const providerSubject = (subject: string) => `oidc:${subject}`;
