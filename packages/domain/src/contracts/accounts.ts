import { z } from "zod";
import { emailSchema } from "../email.js";
import { passwordStrengthProblem, usernameProblem } from "../password.js";
import { calendarDateParameter, errorBodySchema } from "./common.js";

// Getting a log-in without the scheme's help: first-time registration of a member on the register,
// and a forgotten password. Both mail a single-use link; the page behind the link sets the log-in.
// The first step answers the same sentence whether or not anyone matched, so it reveals nothing.

export const ACCOUNT_PATHS = {
  /** Step 1 of registration: prove who you are, name an address held for you. */
  registration: "/wsg/registration",
  /** Step 2: with the mailed token, choose a username and a password. */
  activation: "/wsg/registration/activate",
  /** Step 1 of a reset: a username or an e-mail address. */
  passwordReset: "/wsg/password-reset",
  /** Step 2: with the mailed token, a new password. */
  passwordResetComplete: "/wsg/password-reset/complete",
  /** Whether a mailed link still works, asked when its page opens; it spends nothing. */
  linkCheck: "/wsg/account-link/check",
} as const;

/** The hash-route prefixes of the pages the mailed links open; the token follows the prefix. */
export const ACCOUNT_LINK_ROUTES = {
  activation: "/register/activate/",
  passwordReset: "/forgot-password/reset/",
} as const;

export const ACCOUNT_MESSAGES = {
  registrationLinkSent:
    "If these details match a member on our register and that address is held for them, we have sent a link to it. Please check your email.",
  resetLinkSent:
    "If we know this username or email address, we have sent a link to the address we hold. Please check your email.",
  activated: "Your log-in is ready. You can now log in with your new username and password.",
  passwordChanged: "Your password has been changed. You can now log in with it.",
  linkInvalid: "This link has expired or has already been used. Please ask for a new one.",
  linkUsed:
    "This link has already been used, or a newer link was sent since. Please use the newest link, or ask for a new one.",
  linkExpired: "This link has expired. Please ask for a new one.",
  usernameTaken: "That username is already taken. Please choose another.",
} as const;

/** The mailed token: 32 random bytes, base64url. */
export const accountTokenSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{43}$/, ACCOUNT_MESSAGES.linkInvalid)
  .describe("The token from the mailed link.");

const identifierText = (what: string) =>
  z
    .string({ error: `Please enter your ${what}.` })
    .trim()
    .min(1, `Please enter your ${what}.`)
    .max(32, `Your ${what} is at most 32 characters.`);

export const registrationRequestSchema = z
  .object({
    membershipNumber: identifierText("membership number"),
    identityNumber: identifierText("ID or passport number"),
    dateOfBirth: calendarDateParameter,
    email: emailSchema,
  })
  .meta({ id: "RegistrationRequest" });
export type RegistrationRequest = z.infer<typeof registrationRequestSchema>;

const newPassword = z.string({ error: "Please choose a password." }).max(1024, "The password is too long.");

export const activationRequestSchema = z
  .object({
    token: accountTokenSchema,
    username: z
      .string({ error: "Please choose a username." })
      .trim()
      .toLowerCase()
      .superRefine((username, context) => {
        const problem = usernameProblem(username);
        if (problem) context.addIssue({ code: "custom", message: problem });
      }),
    password: newPassword,
  })
  .superRefine((value, context) => {
    const weakness = passwordStrengthProblem(value.password, value.username);
    if (weakness) context.addIssue({ code: "custom", path: ["password"], message: weakness });
  })
  .meta({ id: "ActivationRequest" });
export type ActivationRequest = z.infer<typeof activationRequestSchema>;

export const passwordResetRequestSchema = z
  .object({
    login: z
      .string({ error: "Please enter your username or email address." })
      .trim()
      .min(1, "Please enter your username or email address.")
      .max(254, "That is longer than any username or email address."),
  })
  .meta({ id: "PasswordResetRequest" });
export type PasswordResetRequest = z.infer<typeof passwordResetRequestSchema>;

/** The username is not known to the page, so the server checks the password against it again. */
export const passwordResetCompletionSchema = z
  .object({
    token: accountTokenSchema,
    password: newPassword.refine((password) => passwordStrengthProblem(password, "") === null, {
      error: (issue) => passwordStrengthProblem(String(issue.input), "") ?? "",
    }),
  })
  .meta({ id: "PasswordResetCompletion" });
export type PasswordResetCompletion = z.infer<typeof passwordResetCompletionSchema>;

/** Every answer of these four calls that is not an error: one sentence to show. */
export const accountMessageSchema = z.object({ message: z.string() }).meta({ id: "AccountMessage" });
export type AccountMessage = z.infer<typeof accountMessageSchema>;

export const accountErrorResponses = {
  400: errorBodySchema,
  403: errorBodySchema,
  409: errorBodySchema,
  429: errorBodySchema,
} as const;

/** The two kinds of mailed link, as their pages ask about them. */
export const ACCOUNT_LINK_PURPOSES = ["ACTIVATION", "PASSWORD_RESET"] as const;

/**
 * POST /wsg/account-link/check: whether a mailed link works, asked when its page opens so that a
 * used or expired one is said before the member types anything. A POST with the token in the body,
 * as the calls that spend it: a token in a URL would be written to access logs.
 */
export const accountLinkCheckSchema = z
  .object({ token: accountTokenSchema, purpose: z.enum(ACCOUNT_LINK_PURPOSES) })
  .meta({ id: "AccountLinkCheck" });
export type AccountLinkCheck = z.infer<typeof accountLinkCheckSchema>;

export const ACCOUNT_LINK_STATES = ["VALID", "USED", "EXPIRED", "UNKNOWN"] as const;
export type AccountLinkState = (typeof ACCOUNT_LINK_STATES)[number];

export const accountLinkStateSchema = z
  .object({
    state: z
      .enum(ACCOUNT_LINK_STATES)
      .describe(
        "VALID: it works; USED: used, or replaced by a newer link; EXPIRED: past its time; UNKNOWN: no such link.",
      ),
  })
  .meta({ id: "AccountLinkState" });
