import type { SessionInfo } from "@portal/domain";
import { screen } from "@testing-library/react";
import { http } from "msw";
import { describe, expect, it } from "vitest";
import { errorJson } from "../../../testing/contract-json";
import { server } from "../../../testing/msw-server";
import { loggedInSession, sessionHandler, staffSession } from "../../../testing/session-handlers";
import { renderWithProviders } from "../../../testing/test-utils";
import { useSession } from "../api/get-session";
import { useSessionWorkspace } from "./use-session-workspace";

function ShowWorkspace() {
  const workspace = useSessionWorkspace();
  const session = useSession();
  return <p>{`Workspace: ${workspace ?? "unknown"} (${session.status})`}</p>;
}

describe("useSessionWorkspace", () => {
  it.each([
    ["member", loggedInSession],
    ["console", staffSession],
    ["anonymous", { authenticated: false } satisfies SessionInfo],
  ] as const)("is %s for that session", async (expected, session) => {
    server.use(sessionHandler(() => session));
    renderWithProviders(<ShowWorkspace />);
    expect(screen.getByText("Workspace: unknown (pending)")).toBeInTheDocument();
    expect(await screen.findByText(`Workspace: ${expected} (success)`)).toBeInTheDocument();
  });

  it("is anonymous when the session call answers 401", async () => {
    server.use(http.get("/wsg/session", () => errorJson(401, "AUTH_REQUIRED", "Please log in.")));
    renderWithProviders(<ShowWorkspace />);
    expect(await screen.findByText("Workspace: anonymous (success)")).toBeInTheDocument();
  });

  it("stays unknown when the session cannot be checked", async () => {
    server.use(http.get("/wsg/session", () => errorJson(503, "INTERNAL_ERROR")));
    renderWithProviders(<ShowWorkspace />);
    expect(await screen.findByText("Workspace: unknown (error)")).toBeInTheDocument();
  });
});
