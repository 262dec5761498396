import type { SessionInfo, Workspace } from "@portal/domain";
import { useSession } from "../api/get-session";

/** Where a session belongs: nobody logged in, a member's screens, or the staff console. */
export type SessionWorkspace = Workspace | "anonymous";

export function sessionWorkspace(session: SessionInfo): SessionWorkspace {
  return session.authenticated ? session.workspace : "anonymous";
}

/**
 * The workspace of the current session, the one thing the member screens and the console agree on:
 * each shows itself only to its own workspace. undefined while the session is not known yet
 * (still loading, or the check failed: useSession() tells which).
 */
export function useSessionWorkspace(): SessionWorkspace | undefined {
  const session = useSession();
  return session.isSuccess ? sessionWorkspace(session.data) : undefined;
}
