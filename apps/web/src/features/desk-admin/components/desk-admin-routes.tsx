import type { ReactNode } from "react";
import { Route } from "react-router";
import type { ConsoleUser } from "../../../components/console/console-user";
import { CannedRepliesPage } from "./canned-replies-page";
import { FailedMailsPage } from "./failed-mails-page";
import { StaffPage } from "./staff-page";

/**
 * The supervisors' pages, as <Route> elements below /console. The failed mails and the staff are
 * mounted for every desk user, who is told they are the supervisors' (the server refuses them too);
 * the canned replies only for a supervisor.
 */
export function deskAdminRoutes(user: ConsoleUser): ReactNode {
  if (!user.isDesk) return null;
  return (
    <>
      <Route path="mails" element={<FailedMailsPage />} />
      <Route path="staff" element={<StaffPage />} />
      {user.isSupervisor ? <Route path="canned-replies" element={<CannedRepliesPage />} /> : null}
    </>
  );
}
