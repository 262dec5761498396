import {
  ACCOUNT_MESSAGES,
  CONTACT_DETAILS_MESSAGES,
  type ErrorBody,
  EXCEPTION_CODES,
  LOGIN_FAILURE_MESSAGE,
  REPLY_TOO_COMPLEX_MESSAGES,
} from "@portal/domain";

/**
 * An error a route may answer with. Every error body has the same shape,
 * `{ status, exceptionCode, message }`, with a stable machine-readable code.
 */
export class AppError extends Error {
  override name = "AppError";
  constructor(
    readonly statusCode: number,
    readonly exceptionCode: string,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }

  toBody(): ErrorBody {
    return { status: this.statusCode, exceptionCode: this.exceptionCode, message: this.message };
  }
}

export const errors = {
  notFound: () => new AppError(404, EXCEPTION_CODES.NOT_FOUND, "The requested resource was not found."),
  unauthenticated: () => new AppError(401, EXCEPTION_CODES.UNAUTHENTICATED, "Please log in to continue."),
  forbidden: (message = "You are not allowed to do this.") =>
    new AppError(403, EXCEPTION_CODES.FORBIDDEN, message),
  xsrfRejected: () =>
    new AppError(
      403,
      EXCEPTION_CODES.XSRF,
      "The request was refused: its anti-forgery token is missing or wrong.",
    ),
  validation: (message: string) => new AppError(400, EXCEPTION_CODES.VALIDATION, message),
  /** The information officer's archive of a member needs a request of theirs or a reason (the message says which). */
  exportGroundsRequired: (message: string) =>
    new AppError(400, EXCEPTION_CODES.EXPORT_GROUNDS_REQUIRED, message),
  /** A JSON body nested deeper than `maxDepth` objects and arrays (lib/json-depth.ts). */
  jsonTooDeep: (maxDepth: number) =>
    new AppError(
      400,
      EXCEPTION_CODES.JSON_TOO_DEEP,
      `The request is nested too deeply: its objects and arrays go more than ${maxDepth} levels deep.`,
    ),
  conflict: (message: string) => new AppError(409, EXCEPTION_CODES.CONFLICT, message),
  /** A limit of so many a period reached; the message says what and when again. */
  rateLimited: (message: string, retryAfterSeconds: number) =>
    new AppError(429, EXCEPTION_CODES.RATE_LIMITED, message, {
      "retry-after": String(Math.max(1, Math.ceil(retryAfterSeconds))),
    }),
  badLoginMessage: (message: string) => new AppError(400, EXCEPTION_CODES.BAD_LOGIN_MESSAGE, message),
  loginFailed: () => new AppError(401, EXCEPTION_CODES.LOGIN_FAILED, LOGIN_FAILURE_MESSAGE),
  loginLocked: (retryAfterSeconds: number) => {
    const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
    const unit = minutes === 1 ? "minute" : "minutes";
    return new AppError(
      429,
      EXCEPTION_CODES.LOGIN_LOCKED,
      `Too many failed log-in attempts. Please try again in ${minutes} ${unit}.`,
      { "retry-after": String(Math.ceil(retryAfterSeconds)) },
    );
  },
  tooManyAttempts: (retryAfterSeconds: number) => {
    const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
    const unit = minutes === 1 ? "minute" : "minutes";
    return new AppError(
      429,
      EXCEPTION_CODES.RATE_LIMITED,
      `Too many attempts. Please try again in ${minutes} ${unit}.`,
      { "retry-after": String(Math.ceil(retryAfterSeconds)) },
    );
  },
  accountLinkInvalid: () =>
    new AppError(400, EXCEPTION_CODES.ACCOUNT_LINK_INVALID, ACCOUNT_MESSAGES.linkInvalid),
  /** `message` says what the password is asked for (contact details, unless told otherwise). */
  passwordRequired: (message: string = CONTACT_DETAILS_MESSAGES.passwordNeeded) =>
    new AppError(403, EXCEPTION_CODES.PASSWORD_REQUIRED, message),
  passwordIncorrect: () =>
    new AppError(403, EXCEPTION_CODES.PASSWORD_INCORRECT, CONTACT_DETAILS_MESSAGES.passwordIncorrect),
  usernameTaken: () => new AppError(409, EXCEPTION_CODES.USERNAME_TAKEN, ACCOUNT_MESSAGES.usernameTaken),
  /** A reply's HTML the server will not clean: too long, nested too deeply, too much or too slow. */
  replyTooComplex: (reason: keyof typeof REPLY_TOO_COMPLEX_MESSAGES) =>
    new AppError(400, EXCEPTION_CODES.REPLY_TOO_COMPLEX, REPLY_TOO_COMPLEX_MESSAGES[reason]),
  /** Every HTML cleaning worker busy and too much already waiting for one. */
  cleaningBusy: () =>
    new AppError(
      503,
      EXCEPTION_CODES.UNAVAILABLE,
      "The server is busy checking other replies. Please try again in a moment.",
      { "retry-after": "5" },
    ),
  internal: () =>
    new AppError(500, EXCEPTION_CODES.INTERNAL, "Something went wrong on our side. Please try again later."),
};
