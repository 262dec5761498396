import type { MemberSummary } from "@portal/domain";
import { type ReactNode, useMemo } from "react";
import { Navigate, Route, Routes } from "react-router";
import "../console.css";
import { AppLayout } from "../../../components/layouts/app-layout";
import { LoadingStatus } from "../../../components/spinner/spinner";
import { type ConsoleRole, useConsoleMe } from "../api/get-console-me";
import { useStaff } from "../api/get-staff";
import { consolePaths } from "../utils/console-paths";
import { adoptReplyStylesheet } from "../utils/reply-stylesheet";
import { AuditTrailPage } from "./audit-trail-page";
import { CannedRepliesPage } from "./canned-replies-page";
import { ConsoleLayout } from "./console-layout";
import { type ConsoleUser, ConsoleUserContext } from "./console-user";
import { DataRequestsPage } from "./data-requests-page";
import { DocumentIntakePage } from "./document-intake-page";
import { FailedMailsPage } from "./failed-mails-page";
import { LegalHoldsPage } from "./legal-holds-page";
import { MemberDataPage } from "./member-data-page";
import { MembersPage } from "./members-page";
import { QueryRoute } from "./query-page";
import { QueuePage } from "./queue-page";
import { ReportsPage } from "./reports/reports-page";
import { SecondFactorOffer } from "./second-factor-offer";
import { StaffPage } from "./staff-page";
import { UnmatchedMailRoute } from "./unmatched-mail/unmatched-mail-page";
import { UnmatchedMailsPage } from "./unmatched-mail/unmatched-mails-page";

// Replies show in the console as in the member's frame: one stylesheet (REPLY_STYLESHEET).
adoptReplyStylesheet();

export interface ConsoleAppProps {
  /** The logged-in staff member, from the session. */
  person: MemberSummary;
  schemeName: string;
  logoutButton: ReactNode;
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
 * The staff console (requirements §10, staff desk), mounted by the app at /console/*. Which pages
 * the person sees comes from their roles (GET /me): the desk for agents and supervisors, the
 * information officer's pages for the information officer, both for someone with both. Nothing
 * shows until the roles are known, so no one sees pages that are not theirs. Should /me fail after
 * its retries, the console is the desk it was before /me, a supervisor told by the staff list; the
 * server refuses whatever is not the person's in any case.
 */
export function ConsoleApp({ person, schemeName, logoutButton }: ConsoleAppProps) {
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
          {user.isDesk ? (
            <>
              <Route index element={<QueuePage />} />
              <Route path="queries/:reference" element={<QueryRoute />} />
              <Route path="documents/new" element={<DocumentIntakePage />} />
              <Route path="mails" element={<FailedMailsPage />} />
              <Route path="unmatched-mail" element={<UnmatchedMailsPage />} />
              <Route path="unmatched-mail/:mailId" element={<UnmatchedMailRoute />} />
              <Route path="staff" element={<StaffPage />} />
              {user.isSupervisor ? <Route path="canned-replies" element={<CannedRepliesPage />} /> : null}
              {user.isSupervisor ? <Route path="reports" element={<ReportsPage />} /> : null}
            </>
          ) : null}
          {user.isInformationOfficer ? (
            <>
              <Route path="members" element={<MembersPage />} />
              <Route path="members/:entityNumber" element={<MemberDataPage />} />
              <Route path="audit-trail" element={<AuditTrailPage />} />
              <Route path="requests" element={<DataRequestsPage />} />
              <Route path="legal-holds" element={<LegalHoldsPage />} />
            </>
          ) : null}
          <Route path="*" element={<Navigate to={home} replace />} />
        </Routes>
      </ConsoleLayout>
    </ConsoleUserContext>
  );
}
