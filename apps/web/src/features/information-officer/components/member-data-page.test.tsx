import { CONSOLE_BASE, dataExportSchema, EXPORT_GROUNDS_MESSAGES } from "@portal/domain";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { http } from "msw";
import { describe, expect, it } from "vitest";
import { informationOfficer } from "../../../testing/console/console-handlers";
import { contractJson } from "../../../testing/contract-json";
import { server } from "../../../testing/msw-server";
import { dataExport, dataRequest, dataRequestsHandler, memberExportsHandler } from "../testing/handlers";
import { renderConsole } from "../testing/render-console";

function setup() {
  const sent: unknown[] = [];
  server.use(
    dataRequestsHandler(() => [
      dataRequest({ requestId: 12 }),
      dataRequest({ requestId: 13, kind: "DELETION" }),
    ]),
    memberExportsHandler(() => []),
    http.post(`${CONSOLE_BASE}/members/:entityNumber/data-exports`, async ({ request }) => {
      sent.push(await request.json());
      return contractJson(dataExportSchema, dataExport({ status: "QUEUED" }), { status: 202 });
    }),
  );
  renderConsole("/console/members/41", { person: informationOfficer, roles: ["STAFF_INFORMATION_OFFICER"] });
  return { sent, user: userEvent.setup() };
}

const grounds = () => screen.getByRole("group", { name: "Why is the archive prepared?" });
const prepare = () => screen.getByRole("button", { name: "Prepare the member's archive" });

describe("the member's data page: an archive prepared on grounds", () => {
  it("heads the archives one level below the page's heading, so the outline skips none", async () => {
    setup();
    expect(await screen.findByRole("heading", { level: 1, name: "Entity 41: data" })).toBeInTheDocument();
    expect(
      screen.getByRole("heading", { level: 2, name: "Archives of Entity 41's data" }),
    ).toBeInTheDocument();
  });

  it("offers the member's open access requests, and sends the one chosen", async () => {
    const { sent, user } = setup();
    await user.click(
      await screen.findByRole("radio", { name: "Access request received 2026-11-02, due 2026-12-02" }),
    );
    // A deletion request is no ground for an archive.
    expect(within(grounds()).getAllByRole("radio")).toHaveLength(2);
    await user.click(prepare());
    await waitFor(() => expect(sent).toEqual([{ dataRequestId: 12 }]));
  });

  it("asks for the grounds, then for a reason of a few words, and sends it", async () => {
    const { sent, user } = setup();
    await screen.findByRole("radio", { name: "Another reason" });
    await user.click(prepare());
    expect(grounds()).toHaveAccessibleDescription(EXPORT_GROUNDS_MESSAGES.missing);
    await user.click(screen.getByRole("radio", { name: "Another reason" }));
    await user.type(screen.getByRole("textbox", { name: "Reason" }), "Audit");
    await user.click(prepare());
    expect(screen.getByRole("textbox", { name: "Reason" })).toHaveAccessibleDescription(
      EXPORT_GROUNDS_MESSAGES.reasonTooShort,
    );
    expect(sent).toEqual([]);
    await user.type(screen.getByRole("textbox", { name: "Reason" }), " for the regulator's complaint 44 ");
    await user.click(prepare());
    await waitFor(() => expect(sent).toEqual([{ reason: "Audit for the regulator's complaint 44" }]));
  });
});
