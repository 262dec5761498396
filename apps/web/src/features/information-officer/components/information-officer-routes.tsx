import type { ReactNode } from "react";
import { Route } from "react-router";
import type { ConsoleUser } from "../../../components/console/console-user";
import { AuditTrailPage } from "./audit-trail-page";
import { DataRequestsPage } from "./data-requests-page";
import { LegalHoldsPage } from "./legal-holds-page";
import { MemberDataPage } from "./member-data-page";
import { MembersPage } from "./members-page";

/** The information officer's desk, as <Route> elements below /console. */
export function informationOfficerRoutes(user: ConsoleUser): ReactNode {
  if (!user.isInformationOfficer) return null;
  return (
    <>
      <Route path="members" element={<MembersPage />} />
      <Route path="members/:entityNumber" element={<MemberDataPage />} />
      <Route path="audit-trail" element={<AuditTrailPage />} />
      <Route path="requests" element={<DataRequestsPage />} />
      <Route path="legal-holds" element={<LegalHoldsPage />} />
    </>
  );
}
