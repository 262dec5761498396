import { STAFF_ROLES } from "@portal/domain";
import type { FastifyRequest } from "fastify";
import type { AppContext } from "../../app-context.js";
import type { AuthLog } from "../../lib/auth-log.js";
import { AppError, errors } from "../../lib/errors.js";
import { AUDIT_RESOURCES, listRoles } from "../access/index.js";
import { writeStaffAuthEvent } from "./auth-events.js";
import { recordStaffSignIn } from "./staff-identities.js";
import { staffSignInOf } from "./staff-sign-in.js";

// While staff sign in through the scheme's OpenID provider, a local staff password (the gateway's
// POST /wsg/rest) opens nothing, unless STAFF_LOCAL_LOGIN=true keeps a break-glass account working.
// Members are not concerned: only a log-in holding a staff role is refused.

/**
 * The refusal: the same 401 as a wrong password (its body and status), so the answer says nothing
 * the wrong password would not; the route writes its audit row and log line (noteRefusal).
 */
export class LocalStaffPasswordRefusedError extends AppError {
  constructor(readonly entityNumber: number) {
    const failed = errors.loginFailed();
    super(failed.statusCode, failed.exceptionCode, failed.message);
  }
}

/** True when this right password of this log-in must be refused. */
export async function localStaffPasswordRefused(context: AppContext, entityNumber: number): Promise<boolean> {
  const staffSignIn = staffSignInOf(context.config);
  if (!staffSignIn || staffSignIn.settings.localLogin) return false;
  const roles = await listRoles(context.db, entityNumber);
  return STAFF_ROLES.some((role) => roles.has(role));
}

/** The refusal's audit row and log line (who as keyed hashes only). */
export async function noteLocalStaffPasswordRefused(
  context: AppContext,
  request: FastifyRequest,
  authLog: AuthLog,
  who: { subject: string | undefined; clientAddress: string },
  error: LocalStaffPasswordRefusedError,
): Promise<void> {
  await recordStaffSignIn(context.db, error.entityNumber, AUDIT_RESOURCES.staffLocalLoginRefused, {
    requestId: request.id,
    at: context.now(),
  });
  writeStaffAuthEvent(
    authLog,
    request.log,
    "warn",
    "staff_local_login_refused",
    who,
    "local staff password refused: staff sign in through the scheme's OpenID provider",
  );
}
