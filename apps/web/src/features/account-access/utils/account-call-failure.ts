import { EXCEPTION_CODES, passwordProblemIn } from "@portal/domain";
import { isHttpError } from "../../../lib/http";

/** What a page does about a failed account call; chosen by the exception code, never by the text. */
export type AccountCallFailure =
  /** The mailed link is unknown, used or expired: the page offers to ask for a new one. */
  | { kind: "link-invalid" }
  /** Someone already has the chosen username: the username field says so. */
  | { kind: "username-taken" }
  /** Anything else: a sentence in the page's alert. */
  | { kind: "alert"; message: string };

export const TOO_MANY_ATTEMPTS = "Too many attempts. Please wait a few minutes and try again.";

export const NOT_ACCEPTED = "Some of the details were not accepted. Please check them and try again.";

/**
 * The failure of one of the account calls. Throttling keeps the server's sentence, which says how
 * long to wait; every other failure gets a sentence of this page (`fallback` says what could not be
 * done), so no server text (or proxy page) is shown as such.
 */
export function accountCallFailure(error: Error, fallback: string): AccountCallFailure {
  if (!isHttpError(error)) return { kind: "alert", message: fallback };
  switch (error.body?.exceptionCode) {
    case EXCEPTION_CODES.ACCOUNT_LINK_INVALID:
      return { kind: "link-invalid" };
    case EXCEPTION_CODES.USERNAME_TAKEN:
      return { kind: "username-taken" };
    case EXCEPTION_CODES.VALIDATION: {
      // A refused password says which rule it broke; anything else stays this page's sentence.
      const said = error.body?.message;
      const rule = typeof said === "string" ? passwordProblemIn(said) : null;
      return { kind: "alert", message: rule ?? NOT_ACCEPTED };
    }
  }
  if (error.status === 429) {
    const said = error.body?.message;
    return { kind: "alert", message: typeof said === "string" && said !== "" ? said : TOO_MANY_ATTEMPTS };
  }
  return { kind: "alert", message: fallback };
}

/** The alert's sentence on a page with no link or username to blame (the first step of each flow). */
export function accountCallAlert(error: Error, fallback: string): string {
  const failure = accountCallFailure(error, fallback);
  return failure.kind === "alert" ? failure.message : fallback;
}
