import type { ConsoleUser } from "../../../components/console/console-user";
import { type RenderConsoleOptions, renderConsolePages } from "../../../testing/console/render-console";
import { deskRoutes } from "../components/desk-routes";

function pages(user: ConsoleUser) {
  return <>{deskRoutes(user)}</>;
}

/** The console at `route` with these pages in its frame, as `options.person` sees it. */
export function renderConsole(route: string, options?: RenderConsoleOptions) {
  return renderConsolePages(pages, route, options);
}
