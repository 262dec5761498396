import { type RenderConsoleOptions, renderConsolePages } from "../../../testing/console/render-console";
import { informationOfficerRoutes } from "../components/information-officer-routes";

/** The console at `route` with the information officer's desk in its frame, as `options.person` sees it. */
export function renderConsole(route: string, options?: RenderConsoleOptions) {
  return renderConsolePages(informationOfficerRoutes, route, options);
}
