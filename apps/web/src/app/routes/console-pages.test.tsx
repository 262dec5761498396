import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { queueHandler } from "../../features/desk/testing/handlers";
import {
  failedMailsForbidden,
  failedMailsHandler,
  resendHandler,
} from "../../features/desk-admin/testing/handlers";
import {
  AUDIT_TRAIL_PATH,
  auditRow,
  auditTrailHandler,
} from "../../features/information-officer/testing/handlers";
import { agent, informationOfficer, supervisor } from "../../testing/console/console-handlers";
import { type RenderConsoleOptions, renderConsolePages } from "../../testing/console/render-console";
import { recordRequests, sentKeys, server } from "../../testing/msw-server";
import { consolePages } from "./console-pages";

const renderConsole = (route: string, options?: RenderConsoleOptions) =>
  renderConsolePages(consolePages, route, options);

const menu = () => screen.getByRole("navigation", { name: "Console menu" });

describe("the console's frame", () => {
  it("shows an agent's name, the menu without Failed mails, and Log out", async () => {
    server.use(queueHandler());
    renderConsole("/console");
    const banner = screen.getByRole("banner");
    expect(banner).toHaveTextContent("Thandi Mokoena");
    expect(within(banner).getByRole("button", { name: "Log out" })).toBeInTheDocument();
    expect(within(menu()).getByRole("link", { name: "Queries" })).toHaveAttribute("aria-current", "page");
    expect(within(menu()).getByRole("link", { name: "Record documents" })).toBeInTheDocument();
    // The staff list has answered (the agent is in it), and still no supervisor's link.
    await screen.findByRole("table");
    await waitFor(() => expect(within(menu()).getAllByRole("link")).toHaveLength(3));
    expect(within(menu()).getByRole("link", { name: "Unmatched mail" })).toHaveAttribute(
      "href",
      "/console/unmatched-mail",
    );
    expect(within(menu()).queryByRole("link", { name: "Failed mails" })).toBeNull();
    expect(within(menu()).queryByRole("link", { name: "Canned replies" })).toBeNull();
    // The members' footer (their helplines, the privacy notice) is not the staff's.
    expect(screen.queryByRole("contentinfo")).toBeNull();
    expect(screen.queryByRole("link", { name: "Privacy notice" })).toBeNull();
  });

  it("shows a supervisor the Failed mails and Canned replies links", async () => {
    server.use(queueHandler());
    renderConsole("/console", { person: supervisor });
    expect(await within(menu()).findByRole("link", { name: "Failed mails" })).toHaveAttribute(
      "href",
      "/console/mails",
    );
    expect(within(menu()).getByRole("link", { name: "Canned replies" })).toHaveAttribute(
      "href",
      "/console/canned-replies",
    );
    expect(within(menu()).getByRole("link", { name: "Reports" })).toHaveAttribute("href", "/console/reports");
  });

  it("sends an agent who opens the canned replies' address to the queue", async () => {
    server.use(queueHandler());
    const { location } = renderConsole("/console/canned-replies");
    await waitFor(() => expect(location()).toBe("/console"));
    expect(screen.getByRole("heading", { level: 1, name: "Queries" })).toBeInTheDocument();
  });

  it("moves focus to the new page's heading when the menu opens it", async () => {
    server.use(queueHandler());
    const { location } = renderConsole("/console");
    const user = userEvent.setup();
    await screen.findByRole("table");
    await user.click(within(menu()).getByRole("link", { name: "Record documents" }));
    expect(location()).toBe("/console/documents/new");
    expect(screen.getByRole("heading", { level: 1, name: "Record documents received" })).toHaveFocus();
  });

  it("sends an unknown console address to the queue", async () => {
    server.use(queueHandler());
    const { location } = renderConsole("/console/no-such-page");
    await waitFor(() => expect(location()).toBe("/console"));
    expect(screen.getByRole("heading", { level: 1, name: "Queries" })).toBeInTheDocument();
  });
});

describe("failed mails", () => {
  it("lists them for a supervisor, and sends one again", async () => {
    server.use(failedMailsHandler(), resendHandler());
    const sent = recordRequests();
    renderConsole("/console/mails", { person: supervisor });
    expect(screen.getByRole("heading", { level: 1, name: "Failed mails" })).toHaveFocus();
    const table = await screen.findByRole("table", { name: "Mails not delivered after their last attempt" });
    const row = within(table).getAllByRole("row")[1] as HTMLElement;
    expect(within(row).getByRole("rowheader")).toHaveTextContent("Reply sent");
    expect(
      within(row)
        .getAllByRole("cell")
        .map((cell) => cell.textContent),
    ).toEqual([
      "300001",
      "Zanele Khumalo",
      "z•••@example.com and 1 more",
      "The connection to the mail server failed or was cut off.",
      "Stopped 2026-11-21 22:15, after 5 attempts. Not tried again unless you send it again.",
      "Send again",
    ]);
    await userEvent.setup().click(within(row).getByRole("button", { name: "Send again" }));
    await waitFor(() =>
      expect(screen.getByRole("status")).toHaveTextContent("Reply sent mail queued to be sent again."),
    );
    expect(sentKeys(sent)).toContain("POST /api/console/mails/77/resend");
  });

  it("shows an agent who opens the page the supervisors-only message", async () => {
    server.use(failedMailsForbidden());
    renderConsole("/console/mails", { person: agent });
    expect(await screen.findByRole("alert")).toHaveTextContent("Only supervisors can see failed mails.");
    expect(screen.queryByRole("table")).toBeNull();
  });
});

describe("the pages a person's roles give them", () => {
  const links = () =>
    within(menu())
      .getAllByRole("link")
      .map((link) => link.textContent);

  it("shows an information officer only their pages, after a spinner until their roles are known", async () => {
    server.use(auditTrailHandler({ "": { rows: [auditRow()], nextCursor: null } }));
    const sent = recordRequests();
    const { location } = renderConsole("/console", {
      person: informationOfficer,
      roles: ["STAFF_INFORMATION_OFFICER"],
      askMe: true,
    });
    // Until GET /me answers: the spinner, and no menu or page that might be the wrong one.
    expect(screen.getByRole("status")).toHaveTextContent("Loading...");
    expect(screen.queryByRole("navigation", { name: "Console menu" })).toBeNull();
    expect(screen.queryByRole("heading", { level: 1 })).toBeNull();

    expect(await screen.findByRole("heading", { level: 1, name: "Audit trail" })).toHaveFocus();
    expect(location()).toBe("/console/audit-trail");
    expect(links()).toEqual(["Members", "Audit trail", "Requests", "Legal holds"]);
    expect(within(menu()).getByRole("link", { name: "Audit trail" })).toHaveAttribute("aria-current", "page");
    expect(within(menu()).getByRole("link", { name: "Requests" })).toHaveAttribute(
      "href",
      "/console/requests",
    );
    expect(within(menu()).getByRole("link", { name: "Legal holds" })).toHaveAttribute(
      "href",
      "/console/legal-holds",
    );
    await screen.findByRole("table", { name: "Audit trail, the newest first" });
    // Nothing of the desk was asked for: not the queue, not the staff list.
    const asked = sentKeys(sent).filter((key) => !key.startsWith("GET /api/console/second-factor"));
    expect(asked).toEqual(["GET /api/console/me", `GET ${AUDIT_TRAIL_PATH}`]);
  });

  it("sends an information officer who opens a desk address to the audit trail", async () => {
    server.use(auditTrailHandler({ "": { rows: [], nextCursor: null } }));
    const { location } = renderConsole("/console/queries/300001", {
      person: informationOfficer,
      roles: ["STAFF_INFORMATION_OFFICER"],
    });
    await waitFor(() => expect(location()).toBe("/console/audit-trail"));
    expect(screen.getByRole("heading", { level: 1, name: "Audit trail" })).toBeInTheDocument();
  });

  it("sends an agent who opens an information officer's address to the queue", async () => {
    server.use(queueHandler());
    const { location } = renderConsole("/console/legal-holds");
    await waitFor(() => expect(location()).toBe("/console"));
    expect(links()).toEqual(["Queries", "Record documents", "Unmatched mail"]);
  });

  it("shows someone with a desk role and the information officer's both, landing on the queue", async () => {
    server.use(queueHandler());
    const { location } = renderConsole("/console", {
      person: supervisor,
      roles: ["STAFF_SUPERVISOR", "STAFF_INFORMATION_OFFICER"],
      askMe: true,
    });
    expect(await screen.findByRole("heading", { level: 1, name: "Queries" })).toBeInTheDocument();
    expect(location()).toBe("/console");
    expect(links()).toEqual([
      "Queries",
      "Record documents",
      "Unmatched mail",
      "Failed mails",
      "Staff",
      "Canned replies",
      "Reports",
      "Members",
      "Audit trail",
      "Requests",
      "Legal holds",
    ]);
  });

  it("when the roles cannot be had, shows the desk, a supervisor told by the staff list", async () => {
    server.use(queueHandler());
    renderConsole("/console", { person: supervisor, meFails: true });
    expect(await screen.findByRole("heading", { level: 1, name: "Queries" })).toBeInTheDocument();
    expect(await within(menu()).findByRole("link", { name: "Failed mails" })).toBeInTheDocument();
    expect(within(menu()).queryByRole("link", { name: "Audit trail" })).toBeNull();
  });
});
