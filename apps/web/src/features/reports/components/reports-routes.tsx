import type { ReactNode } from "react";
import { Route } from "react-router";
import type { ConsoleUser } from "../../../components/console/console-user";
import { ReportsPage } from "./reports-page";

/** The supervisors' reports, as a <Route> element below /console. */
export function reportsRoutes(user: ConsoleUser): ReactNode {
  if (!user.isDesk || !user.isSupervisor) return null;
  return <Route path="reports" element={<ReportsPage />} />;
}
