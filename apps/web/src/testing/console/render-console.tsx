import { render } from "@testing-library/react";
import { http } from "msw";
import { createMemoryRouter, RouterProvider } from "react-router";
import { consoleKeys } from "../../api/console/console-keys";
import type { ConsoleRole } from "../../api/console/get-console-me";
import { ConsoleFrame, type ConsoleFrameProps } from "../../components/console/console-frame";
import { errorJson } from "../contract-json";
import { server } from "../msw-server";
import { createTestQueryClient, TestProviders, testConfig } from "../test-utils";
import {
  agent,
  type ConsolePerson,
  ME_PATH,
  meHandler,
  staffHandler,
  staffSession,
} from "./console-handlers";

export interface RenderConsoleOptions {
  person?: ConsolePerson;
  /** The person's staff roles (GET /me); their desk role by default. */
  roles?: ConsoleRole[];
  /**
   * Whether GET /me is asked as the app asks it (to test what shows until it answers). Otherwise
   * its answer is already known, as on any page after the first, and the page shows at once.
   */
  askMe?: boolean;
  /** GET /me answers 500 (asked, then): the console falls back to the desk. */
  meFails?: boolean;
}

/**
 * The console at `route` (e.g. "/console/queries/300001") as `person` sees it, mounted at
 * /console/* as the app mounts it, its frame around `pages` (a feature's own, or the app's whole
 * console). The staff list and the person's roles (GET /me) are answered.
 */
export function renderConsolePages(
  pages: ConsoleFrameProps["pages"],
  route: string,
  {
    person = agent,
    roles = person.role ? [person.role] : [],
    askMe = false,
    meFails = false,
  }: RenderConsoleOptions = {},
) {
  const me = { entityNumber: person.entityNumber, roles };
  server.use(
    staffHandler(),
    meFails ? http.get(ME_PATH, () => errorJson(500, "INTERNAL_ERROR")) : meHandler(me),
  );
  const session = staffSession(person);
  if (!session.authenticated) throw new Error("a staff session is a logged-in one");
  const queryClient = createTestQueryClient();
  if (!askMe && !meFails) queryClient.setQueryData(consoleKeys.me, me);
  const router = createMemoryRouter(
    [
      {
        path: "/console/*",
        element: (
          <ConsoleFrame
            pages={pages}
            person={session.member}
            schemeName={testConfig.brand.name}
            logoutButton={<button type="button">Log out</button>}
          />
        ),
      },
    ],
    { initialEntries: [route] },
  );
  const result = render(
    <TestProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </TestProviders>,
  );
  const location = () => `${router.state.location.pathname}${router.state.location.search}`;
  return { ...result, router, queryClient, location };
}
