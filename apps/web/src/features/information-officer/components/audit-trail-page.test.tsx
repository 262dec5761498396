import type { AuditTrailResponse } from "@portal/domain";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { informationOfficer } from "../../../testing/console/console-handlers";
import { recordRequests, sentKeys, server } from "../../../testing/msw-server";
import { AUDIT_TRAIL_PATH, auditRow, auditTrailHandler } from "../testing/handlers";
import { renderConsole } from "../testing/render-console";

const operatorRow = auditRow({
  id: 500,
  at: "2026-11-20T12:00:00.000Z",
  actor: { entityNumber: 0, name: null },
  subject: { entityNumber: 9003, name: null },
  resource: "staff-disable",
  action: "UPDATE",
  referenceNumber: null,
  requestId: "cli:ops:4f1d",
});

function setup(pages: Record<string, AuditTrailResponse>, route = "/console/audit-trail") {
  server.use(auditTrailHandler(pages));
  const sent = recordRequests();
  const trailCalls = () => sentKeys(sent).filter((key) => key.startsWith(`GET ${AUDIT_TRAIL_PATH}`));
  const view = renderConsole(route, { person: informationOfficer, roles: ["STAFF_INFORMATION_OFFICER"] });
  return { ...view, trailCalls, user: userEvent.setup() };
}

const table = () => screen.findByRole("table", { name: "Audit trail, the newest first" });
const bodyRows = (element: HTMLElement) => within(element).getAllByRole("row").slice(1);
const csvLink = () => screen.getByRole("link", { name: "Download as CSV" });

describe("the audit trail", () => {
  it("keeps the table in a named region a keyboard can scroll, as at 390 px it is wider than the screen", async () => {
    const { user } = setup({ "": { rows: [auditRow(), operatorRow], nextCursor: null } });
    const region = await screen.findByRole("region", { name: "Audit trail, the newest first" });
    expect(region).toHaveAttribute("tabindex", "0");
    expect(within(region).getByRole("table")).toBe(await table());
    region.focus();
    expect(region).toHaveFocus();
    await user.keyboard("{ArrowRight}");
    expect(region).toHaveFocus();
  });

  it("shows who acted on whose data, what and under which request, newest first", async () => {
    setup({ "": { rows: [auditRow(), operatorRow], nextCursor: null } });
    expect(screen.getByRole("heading", { level: 1, name: "Audit trail" })).toHaveFocus();
    const rows = bodyRows(await table());
    const headers = within(within(await table()).getAllByRole("row")[0] as HTMLElement)
      .getAllByRole("columnheader")
      .map((cell) => cell.textContent);
    expect(headers).toEqual(["When", "Who acted", "Whose data", "What", "Action", "Request id"]);
    const [agentRow, cliRow] = rows as [HTMLElement, HTMLElement];
    expect(within(agentRow).getByRole("rowheader")).toHaveTextContent(/^2026-11-21 \d\d:\d\d$/);
    expect(
      within(agentRow)
        .getAllByRole("cell")
        .map((cell) => cell.textContent),
    ).toEqual([
      "Thandi MokoenaEntity 9001",
      "Zanele KhumaloEntity 41",
      "console-queryquery 300001",
      "Read",
      "req-7f3a",
    ]);
    // The operator has no entity number to show; a person no longer in the register keeps theirs.
    expect(
      within(cliRow)
        .getAllByRole("cell")
        .map((cell) => cell.textContent),
    ).toEqual(["The operator", "Not in the registerEntity 9003", "staff-disable", "Changed", "cli:ops:4f1d"]);
    expect(screen.getByText("2 entries shown.")).toHaveAttribute("role", "status");
    expect(csvLink()).toHaveAttribute("href", "/api/console/audit-trail.csv");
    expect(screen.queryByRole("button", { name: "Load more" })).toBeNull();
  });

  it("filters by member, staff, kind and days, keeps the filters in the address and in the CSV link", async () => {
    const { user, trailCalls, location } = setup({ "": { rows: [auditRow()], nextCursor: null } });
    await table();
    await user.type(screen.getByLabelText("Member's entity number"), "41");
    await user.type(screen.getByLabelText("Staff entity number"), "9001");
    await user.type(screen.getByLabelText("Kind"), "console-query");
    // The days are typed as every screen writes one, not in the browser's own order (12/01/2026).
    for (const day of ["From", "To"]) {
      expect(screen.getByLabelText(day)).toHaveAttribute("type", "text");
      expect(screen.getByLabelText(day)).toHaveAttribute("placeholder", "yyyy-mm-dd");
    }
    await user.type(screen.getByLabelText("From"), "2026-11-01");
    await user.type(screen.getByLabelText("To"), "2026-11-30");
    await user.click(screen.getByRole("button", { name: "Show entries" }));

    const filters = "member=41&staff=9001&kind=console-query&from=2026-11-01&to=2026-11-30";
    await waitFor(() =>
      expect(trailCalls()).toEqual([`GET ${AUDIT_TRAIL_PATH}`, `GET ${AUDIT_TRAIL_PATH}?${filters}`]),
    );
    expect(location()).toBe(`/console/audit-trail?${filters}`);
    expect(csvLink()).toHaveAttribute("href", `/api/console/audit-trail.csv?${filters}`);
    expect(csvLink()).toHaveAccessibleDescription(
      "Every entry the filters shown match, as a spreadsheet file.",
    );
    expect(screen.getByRole("button", { name: "Show entries" })).toHaveFocus();

    await user.click(screen.getByRole("button", { name: "Clear filters" }));
    await waitFor(() => expect(location()).toBe("/console/audit-trail"));
    expect(screen.getByLabelText("Member's entity number")).toHaveValue("");
    expect(csvLink()).toHaveAttribute("href", "/api/console/audit-trail.csv");
  });

  it("refuses filters the server would refuse, each message tied to its box, and asks nothing", async () => {
    const { user, trailCalls } = setup({ "": { rows: [auditRow()], nextCursor: null } });
    await table();
    await user.type(screen.getByLabelText("Member's entity number"), "Khumalo");
    await user.type(screen.getByLabelText("Kind"), "Console Query");
    await user.type(screen.getByLabelText("From"), "2026-11-30");
    await user.type(screen.getByLabelText("To"), "2026-11-01");
    await user.click(screen.getByRole("button", { name: "Show entries" }));

    const member = screen.getByLabelText("Member's entity number");
    expect(member).toHaveAttribute("aria-invalid", "true");
    expect(member).toHaveAccessibleDescription(
      "Whose data was read or changed. Enter the member's entity number: digits only.",
    );
    expect(screen.getByLabelText("Kind")).toHaveAccessibleDescription(
      "What was read or changed, e.g. console-query. Enter a kind in lower-case letters and dashes, e.g. console-query.",
    );
    expect(screen.getByLabelText("Staff entity number")).not.toHaveAttribute("aria-invalid");

    // The days' order is checked once every box is right on its own, as the server checks it.
    await user.clear(member);
    await user.clear(screen.getByLabelText("Kind"));
    await user.click(screen.getByRole("button", { name: "Show entries" }));
    expect(member).not.toHaveAttribute("aria-invalid");
    expect(screen.getByLabelText("To")).toHaveAccessibleDescription(
      "The last day. The first day must not be after the last.",
    );
    expect(trailCalls()).toEqual([`GET ${AUDIT_TRAIL_PATH}`]);
  });

  it("loads the next page with the same filters, below the first", async () => {
    const { user, trailCalls } = setup(
      {
        "": { rows: [auditRow()], nextCursor: "c2" },
        c2: { rows: [operatorRow], nextCursor: null },
      },
      "/console/audit-trail?member=41",
    );
    expect(bodyRows(await table())).toHaveLength(1);
    expect(screen.getByLabelText("Member's entity number")).toHaveValue("41");
    expect(screen.getByText("1 entry shown; there are more.")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Load more" }));
    await waitFor(async () => expect(bodyRows(await table())).toHaveLength(2));
    expect(trailCalls()).toEqual([
      `GET ${AUDIT_TRAIL_PATH}?member=41`,
      `GET ${AUDIT_TRAIL_PATH}?member=41&after=c2`,
    ]);
    expect(screen.getByText("2 entries shown.")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Load more" })).toBeNull();
  });

  it("says when nothing matches", async () => {
    setup({ "": { rows: [], nextCursor: null } });
    expect(await screen.findByText("No entries match these filters.")).toBeInTheDocument();
    expect(screen.queryByRole("table")).toBeNull();
  });
});
