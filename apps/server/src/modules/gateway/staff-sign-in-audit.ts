import { STAFF_ROLES } from "@portal/domain";
import type { AppContext } from "../../app-context.js";
import { AUDIT_RESOURCES, listRoles, recordChange } from "../access/index.js";

// The audit trail of local staff sign-ins: a staff log-in's sign-in with its password
// (after its second factor where one is asked) and a refused one (wrong password, wrong code) of a
// known staff account. The account is the actor and the subject: the attempt was made in its name
// (whoever typed it; the request id ties the row to the log line with the client's address hash).
// Nothing typed is recorded. A member's log-in is recorded too (their "My data" lists their
// log-ins); a member's refused password and unknown usernames write no row: the authentication log
// (lib/auth-log.ts) has them, keyed hashes only.

export async function recordPasswordSignIn(
  context: AppContext,
  entityNumber: number,
  outcome: "succeeded" | "failed",
  requestId: string,
): Promise<void> {
  const roles = await listRoles(context.db, entityNumber);
  if (!STAFF_ROLES.some((role) => roles.has(role))) {
    if (outcome === "failed") return;
    await recordChange(context.db, {
      actorEntityNumber: entityNumber,
      subjectEntityNumber: entityNumber,
      resource: AUDIT_RESOURCES.memberLogIn,
      requestId,
      at: context.now(),
    });
    return;
  }
  await recordChange(context.db, {
    actorEntityNumber: entityNumber,
    subjectEntityNumber: entityNumber,
    resource: outcome === "succeeded" ? AUDIT_RESOURCES.staffSignIn : AUDIT_RESOURCES.staffSignInFailed,
    requestId,
    at: context.now(),
  });
}
