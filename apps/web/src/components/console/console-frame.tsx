import type { MemberSummary } from "@portal/domain";
import { type ReactNode, useMemo } from "react";
import { Navigate, Route, Routes } from "react-router";
import "./console.css";
import { type ConsoleRole, useConsoleMe } from "../../api/console/get-console-me";
import { useStaff } from "../../api/console/get-staff";
import { consolePaths } from "../../lib/console/console-paths";
import { adoptReplyStylesheet } from "../../lib/console/reply-stylesheet";
import { AppLayout } from "../layouts/app-layout";
import { LoadingStatus } from "../spinner/spinner";
import { ConsoleLayout } from "./console-layout";
import { type ConsoleUser, ConsoleUserContext } from "./console-user";
import { SecondFactorOffer } from "./second-factor-offer";

// Replies show in the console as in the member's frame: one stylesheet (REPLY_STYLESHEET).
adoptReplyStylesheet();

export interface ConsoleFrameProps {
  /** The logged-in staff member, from the session. */
  person: MemberSummary;
  schemeName: string;
  logoutButton: ReactNode;
  /**
   * The pages the person's roles give them, as <Route> elements below /console: the app composes
   * them from the console's features (the desk, its administration, reports, the information
   * officer's desk), none of which knows the others.
   */
  pages: (user: ConsoleUser) => ReactNode;
}

/** Which parts of the console are the person's, from their roles. */
function userFromRoles(person: MemberSummary, roles: readonly ConsoleRole[]): ConsoleUser {
  const isInformationOfficer = roles.includes("STAFF_INFORMATION_OFFICER");
  const isSupervisor = roles.includes("STAFF_SUPERVISOR");
  // Someone with no role the console knows sees the desk, as before roles were asked: the server
  // refuses whatever is not theirs.
  const isDesk = isSupervisor || roles.includes("STAFF_AGENT") || !isInformationOfficer;
  return { person, isDesk, isSupervisor, isInformationOfficer };
}

/**
 * The staff console's frame (requirements §10, staff desk), mounted by the app at /console/*. Which pages
 * the person sees comes from their roles (GET /me): the desk for agents and supervisors, the
 * information officer's pages for the information officer, both for someone with both. Nothing
 * shows until the roles are known, so no one sees pages that are not theirs. Should /me fail after
 * its retries, the console is the desk it was before /me, a supervisor told by the staff list; the
 * server refuses whatever is not the person's in any case.
 */
export function ConsoleFrame({ person, schemeName, logoutButton, pages }: ConsoleFrameProps) {
  const me = useConsoleMe();
  const staff = useStaff({ enabled: me.isError });
  const staffListSupervisor =
    staff.data?.some(
      (member) => member.entityNumber === person.entityNumber && member.role === "STAFF_SUPERVISOR",
    ) ?? false;
  const roles = me.data?.roles;
  const user = useMemo<ConsoleUser | null>(() => {
    if (roles) return userFromRoles(person, roles);
    if (me.isError) {
      return { person, isDesk: true, isSupervisor: staffListSupervisor, isInformationOfficer: false };
    }
    return null;
  }, [person, roles, me.isError, staffListSupervisor]);

  if (!user) {
    // What the console's route shows while it checks the session: the same frame and spinner.
    return (
      <AppLayout schemeName={schemeName}>
        <LoadingStatus page />
      </AppLayout>
    );
  }
  const home = user.isDesk ? consolePaths.queue() : consolePaths.auditTrail();
  return (
    <ConsoleUserContext value={user}>
      <ConsoleLayout schemeName={schemeName} logoutButton={logoutButton}>
        <SecondFactorOffer />
        <Routes>
          {pages(user)}
          <Route path="*" element={<Navigate to={home} replace />} />
        </Routes>
      </ConsoleLayout>
    </ConsoleUserContext>
  );
}
