import { z } from "zod";
import { sessionInfoSchema } from "./gateway.js";

// A second factor for local staff accounts (docs/decisions/0021): a password that a staff
// log-in (STAFF_AGENT, STAFF_SUPERVISOR) gets right opens no session while STAFF_MFA asks for more.
// The gateway answers with the step that is owed instead, and a short-lived pending sign-in (an
// HttpOnly, SameSite=Strict cookie) carries the person to it. Members are never asked.

export const SECOND_FACTOR_PATH = "/wsg/second-factor";
export const SECOND_FACTOR_ENROLMENT_PATH = "/wsg/second-factor/enrolment";
export const SECOND_FACTOR_ENROLMENT_CONFIRM_PATH = "/wsg/second-factor/enrolment/confirm";

/** How many single-use recovery codes an enrolment gives. */
export const RECOVERY_CODE_COUNT = 10;

/**
 * What POST /wsg/rest answers instead of a session when a second factor is owed: `enrol` at the
 * first log-in (no confirmed authenticator yet), else `code`. `authenticated: false` keeps a
 * client that knows nothing of it from taking it for a log-in.
 */
export const secondFactorRequiredSchema = z
  .object({
    authenticated: z.literal(false),
    secondFactor: z.enum(["enrol", "code"]),
  })
  .meta({ id: "SecondFactorRequired" });
export type SecondFactorRequired = z.infer<typeof secondFactorRequiredSchema>;

/** The 200 answer of POST /wsg/rest: a session, or the second factor still owed. */
export const loginAnswerSchema = z.union([secondFactorRequiredSchema, sessionInfoSchema]);
export type LoginAnswer = z.infer<typeof loginAnswerSchema>;

/** A six-digit code of the authenticator app, or (POST /wsg/second-factor only) a recovery code. */
export const secondFactorCodeSchema = z
  .object({ code: z.string().trim().min(1).max(64) })
  .meta({ id: "SecondFactorCode" });
export type SecondFactorCode = z.infer<typeof secondFactorCodeSchema>;

/** The start of an enrolment: the secret as a QR code (a data: URI of an SVG) and as text. */
export const secondFactorEnrolmentSchema = z
  .object({
    secret: z.string().describe("The TOTP secret in base32, for typing into an authenticator app."),
    qrCode: z.string().describe("A data: URI of an SVG image of the otpauth:// address."),
  })
  .meta({ id: "SecondFactorEnrolment" });
export type SecondFactorEnrolment = z.infer<typeof secondFactorEnrolmentSchema>;

/** A confirmed enrolment: the recovery codes, shown this once, and the new session. */
export const secondFactorEnrolledSchema = z
  .object({
    recoveryCodes: z.array(z.string()),
    session: sessionInfoSchema,
  })
  .meta({ id: "SecondFactorEnrolled" });
export type SecondFactorEnrolled = z.infer<typeof secondFactorEnrolledSchema>;

// The console's offer (STAFF_MFA=optional): a local staff log-in signed in with its password alone
// sets up an authenticator app from inside its session. Paths under CONSOLE_BASE.
export const CONSOLE_SECOND_FACTOR_PATH = "/second-factor";
export const CONSOLE_SECOND_FACTOR_ENROLMENT_PATH = "/second-factor/enrolment";
export const CONSOLE_SECOND_FACTOR_ENROLMENT_CONFIRM_PATH = "/second-factor/enrolment/confirm";
/** "Not now": the offer stays away for STAFF_MFA_NOT_NOW_DAYS, on every browser of the log-in. */
export const CONSOLE_SECOND_FACTOR_NOT_NOW_PATH = "/second-factor/not-now";

/**
 * GET {CONSOLE_BASE}/second-factor: whether the log-in has a confirmed authenticator, and whether
 * the console offers to set one up (a session signed in with a password, none confirmed yet).
 */
export const consoleSecondFactorStatusSchema = z
  .object({ enrolled: z.boolean(), offered: z.boolean() })
  .meta({ id: "ConsoleSecondFactorStatus" });
export type ConsoleSecondFactorStatus = z.infer<typeof consoleSecondFactorStatusSchema>;

/** POST {CONSOLE_BASE}/second-factor/enrolment/confirm: the recovery codes, shown this once. */
export const consoleSecondFactorEnrolledSchema = z
  .object({ recoveryCodes: z.array(z.string()) })
  .meta({ id: "ConsoleSecondFactorEnrolled" });
export type ConsoleSecondFactorEnrolled = z.infer<typeof consoleSecondFactorEnrolledSchema>;
