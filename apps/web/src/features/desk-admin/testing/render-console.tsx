import { type RenderConsoleOptions, renderConsolePages } from "../../../testing/console/render-console";
import { deskAdminRoutes } from "../components/desk-admin-routes";

/** The console at `route` with the supervisors' pages in its frame, as `options.person` sees it. */
export function renderConsole(route: string, options?: RenderConsoleOptions) {
  return renderConsolePages(deskAdminRoutes, route, options);
}
