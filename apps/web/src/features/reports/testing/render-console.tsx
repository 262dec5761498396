import { type RenderConsoleOptions, renderConsolePages } from "../../../testing/console/render-console";
import { reportsRoutes } from "../components/reports-routes";

/** The console at `route` with the reports in its frame, as `options.person` sees it. */
export function renderConsole(route: string, options?: RenderConsoleOptions) {
  return renderConsolePages(reportsRoutes, route, options);
}
