import { type RenderConsoleOptions, renderConsolePages } from "../../../testing/console/render-console";
import { deskRoutes } from "../components/desk-routes";

/** The console at `route` with the desk's pages in its frame, as `options.person` sees it. */
export function renderConsole(route: string, options?: RenderConsoleOptions) {
  return renderConsolePages(deskRoutes, route, options);
}
