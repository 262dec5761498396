import type { MemberSummary } from "@portal/domain";
import { type ReactNode, useMemo } from "react";
import { Navigate, Route, Routes } from "react-router";
import "../console.css";
import { useStaff } from "../api/get-staff";
import { consolePaths } from "../utils/console-paths";
import { ConsoleLayout } from "./console-layout";
import { type ConsoleUser, ConsoleUserContext } from "./console-user";
import { DocumentIntakePage } from "./document-intake-page";
import { FailedMailsPage } from "./failed-mails-page";
import { QueryRoute } from "./query-page";
import { QueuePage } from "./queue-page";
import { SecondFactorOffer } from "./second-factor-offer";
import { StaffPage } from "./staff-page";

export interface ConsoleAppProps {
  /** The logged-in staff member, from the session. */
  person: MemberSummary;
  schemeName: string;
  logoutButton: ReactNode;
}

/**
 * The staff console (requirements §10, staff desk), mounted by the app at /console/*. Whether the
 * person is a supervisor comes from the staff list; until it has loaded they see an agent's
 * console, and the server refuses a supervisor's calls to agents in any case.
 */
export function ConsoleApp({ person, schemeName, logoutButton }: ConsoleAppProps) {
  const staff = useStaff();
  const isSupervisor =
    staff.data?.some(
      (member) => member.entityNumber === person.entityNumber && member.role === "STAFF_SUPERVISOR",
    ) ?? false;
  const user = useMemo<ConsoleUser>(() => ({ person, isSupervisor }), [person, isSupervisor]);
  return (
    <ConsoleUserContext value={user}>
      <ConsoleLayout schemeName={schemeName} logoutButton={logoutButton}>
        <SecondFactorOffer />
        <Routes>
          <Route index element={<QueuePage />} />
          <Route path="queries/:reference" element={<QueryRoute />} />
          <Route path="documents/new" element={<DocumentIntakePage />} />
          <Route path="mails" element={<FailedMailsPage />} />
          <Route path="staff" element={<StaffPage />} />
          <Route path="*" element={<Navigate to={consolePaths.queue()} replace />} />
        </Routes>
      </ConsoleLayout>
    </ConsoleUserContext>
  );
}
