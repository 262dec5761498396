import type { ConsoleUser } from "../../components/console/console-user";
import { deskRoutes } from "../../features/desk/components/desk-routes";
import { deskAdminRoutes } from "../../features/desk-admin/components/desk-admin-routes";
import { informationOfficerRoutes } from "../../features/information-officer/components/information-officer-routes";
import { reportsRoutes } from "../../features/reports/components/reports-routes";

/**
 * Every page of the console, as the console's frame mounts them for `user`: the app composes the
 * console's features, which never import one another. Each gives only the pages the roles allow.
 */
export function consolePages(user: ConsoleUser) {
  return (
    <>
      {deskRoutes(user)}
      {deskAdminRoutes(user)}
      {reportsRoutes(user)}
      {informationOfficerRoutes(user)}
    </>
  );
}
