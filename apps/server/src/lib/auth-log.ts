import { createSecretKey, type KeyObject } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import { hmac } from "./crypto.js";

// One log line for each authentication event: log-in (succeeded or failed), log-out, registration
// requested and account activated, password reset requested and completed. Who and from where
// appear only as keyed hashes, HMAC-SHA-256 under the session secret: `subjectHash` of the account
// asked about (the username, or what the person typed: a login name or e-mail address, a membership
// number), `addressHash` of the client's address. Lines about one account or one address can be
// matched with each other (a burst of failures against one account, from one address), and whoever
// holds the secret can check a value they already know; the log alone reveals neither.

export type AuthEvent =
  | "login_succeeded"
  | "login_failed"
  | "logout"
  | "registration_requested"
  | "account_activated"
  | "password_reset_requested"
  | "password_reset_completed"
  // A local staff log-in's second factor (modules/gateway/second-factor.ts).
  | "second_factor_enrolled"
  | "second_factor_failed"
  | "recovery_code_used";

export interface AuthEventFields {
  event: AuthEvent;
  subjectHash?: string;
  addressHash: string;
}

export interface AuthLog {
  /** The fields of one event's line: the event and the hashes (no subject: no subjectHash). */
  fields(event: AuthEvent, subject: string | undefined, clientAddress: string): AuthEventFields;
  /** Writes the line at `level`, with `details` (never personal data) beside the fields. */
  write(
    log: FastifyBaseLogger,
    level: "info" | "warn",
    event: AuthEvent,
    who: { subject: string | undefined; clientAddress: string },
    message: string,
    details?: Record<string, unknown>,
  ): void;
}

/** Usernames and e-mail addresses compare without case or surrounding spaces: so do their hashes. */
const normalised = (value: string) => value.trim().toLowerCase();

export function createAuthLog(secret: string): AuthLog {
  const key: KeyObject = createSecretKey(Buffer.from(secret));
  // Prefixed, so a log hash never equals a throttle key or any other HMAC of the same value.
  const hashOf = (kind: string, value: string) => hmac(key, `log-${kind}:${value}`);
  const fields: AuthLog["fields"] = (event, subject, clientAddress) => ({
    event,
    ...(subject === undefined ? {} : { subjectHash: hashOf("subject", normalised(subject)) }),
    addressHash: hashOf("address", clientAddress),
  });
  return {
    fields,
    write(log, level, event, who, message, details = {}) {
      log[level]({ ...details, ...fields(event, who.subject, who.clientAddress) }, message);
    },
  };
}
