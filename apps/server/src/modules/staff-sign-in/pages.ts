import { type Brand, STAFF_SIGN_IN_PATHS } from "@portal/domain";
import { brandedPage } from "../../lib/branded-page.js";

// The pages a staff member's browser is shown when a sign-in through the scheme's provider does not
// end in the console: the brand's name (escaped) and static text, nothing from the request or the
// provider, no script and no inline style (CSP): lib/branded-page.ts.

const tryAgain = `<a href="${STAFF_SIGN_IN_PATHS.login}">Sign in again</a>`;
const backToPortal = `<a href="/">Back to the portal's log-in</a>`;

/** 503: the provider's discovery document, keys or token endpoint could not be reached. */
export function providerUnreachablePage(brand: Pick<Brand, "name" | "shortName">): string {
  return brandedPage(brand, "Sign-in unavailable", [
    "The scheme's sign-in service cannot be reached; try again shortly.",
    tryAgain,
    backToPortal,
  ]);
}

/** 403: signed in at the provider, but the portal lets this person in to nothing. */
export function noPortalRolePage(brand: Pick<Brand, "name" | "shortName">): string {
  return brandedPage(brand, "No access to the portal", [
    "You signed in with the scheme's sign-in service, but your account there holds no role in the member portal, so the portal cannot let you in. If you need access, ask the person who manages staff roles at the scheme.",
  ]);
}

/** 403: the portal log-in of this person was disabled by an operator. */
export function disabledPage(brand: Pick<Brand, "name" | "shortName">): string {
  return brandedPage(brand, "No access to the portal", [
    "Your portal log-in has been disabled, so the portal cannot let you in. If you think this is a mistake, ask the person who manages staff log-ins at the scheme.",
  ]);
}

/** 400: the answer did not check out (wrong state, a used code, a token not for this portal...). */
export function signInFailedPage(brand: Pick<Brand, "name" | "shortName">): string {
  return brandedPage(brand, "Sign-in did not complete", [
    "The answer from the scheme's sign-in service could not be accepted, or the sign-in took too long. Nothing was signed in.",
    tryAgain,
  ]);
}
