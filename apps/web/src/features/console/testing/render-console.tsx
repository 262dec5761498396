import type { StaffMember } from "@portal/domain";
import { render } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { server } from "../../../testing/msw-server";
import { createTestQueryClient, TestProviders, testConfig } from "../../../testing/test-utils";
import { ConsoleApp } from "../components/console-app";
import { agent, staffHandler, staffSession } from "./handlers";

/**
 * The console at `route` (e.g. "/console/queries/300001") as `person` sees it, mounted at
 * /console/* as the app mounts it. The staff list (which tells a supervisor) is answered.
 */
export function renderConsole(route: string, { person = agent }: { person?: StaffMember } = {}) {
  server.use(staffHandler());
  const session = staffSession(person);
  if (!session.authenticated) throw new Error("a staff session is a logged-in one");
  const queryClient = createTestQueryClient();
  const router = createMemoryRouter(
    [
      {
        path: "/console/*",
        element: (
          <ConsoleApp
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
