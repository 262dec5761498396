import type { LegalHold } from "@portal/domain";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { informationOfficer } from "../../../testing/console/console-handlers";
import { errorJson } from "../../../testing/contract-json";
import { recordRequests, type SentRequest, sentKeys, server } from "../../../testing/msw-server";
import {
  LEGAL_HOLDS_PATH,
  legalHold,
  legalHoldJson,
  legalHoldsHandler,
  releaseLegalHoldHandler,
  setLegalHoldHandler,
} from "../testing/handlers";
import { renderConsole } from "../testing/render-console";

const sipho = legalHold({
  member: { entityNumber: 57, firstName: "Sipho", lastName: "Nkosi" },
  reason: "Fraud investigation FI-22.",
  setBy: { entityNumber: 0, name: null },
});

/** The Legal holds page; `holds` can change, as the server's list would. */
function setup(initial: Record<string, LegalHold[]> = { "": [legalHold()] }) {
  let holds = initial;
  server.use(legalHoldsHandler(() => holds));
  const sent = recordRequests();
  const view = renderConsole("/console/legal-holds", {
    person: informationOfficer,
    roles: ["STAFF_INFORMATION_OFFICER"],
  });
  return {
    ...view,
    sent,
    user: userEvent.setup(),
    update: (next: Record<string, LegalHold[]>) => {
      holds = next;
    },
  };
}

const table = () => screen.findByRole("table", { name: "Members whose data is kept from removal" });
const rowOf = async (name: string) =>
  (await within(await table()).findByRole("rowheader", { name: new RegExp(name) })).closest(
    "tr",
  ) as HTMLElement;
const setForm = () => screen.getByRole("form", { name: "Set a hold" });
const changes = (sent: SentRequest[]) => sentKeys(sent).filter((key) => !key.startsWith("GET"));

describe("legal holds", () => {
  it("lists the holds in place, a page at a time", async () => {
    const { user } = setup({ "": [legalHold()], "57": [sipho] });
    expect(screen.getByRole("heading", { level: 1, name: "Legal holds" })).toHaveFocus();
    const zanele = await rowOf("Zanele Khumalo");
    expect(within(zanele).getByRole("rowheader")).toHaveTextContent("Zanele KhumaloEntity 41");
    expect(zanele).toHaveTextContent("Claim dispute 2026/118 with the provider.");
    expect(zanele).toHaveTextContent(/2026-11-20 \d\d:\d\d/);
    expect(zanele).toHaveTextContent("Naledi Dlamini");
    await user.click(screen.getByRole("button", { name: "Load more" }));
    expect(await rowOf("Sipho Nkosi")).toHaveTextContent("The operator");
  });

  it("sets a hold: refuses a form without a member or a reason, then sets it and says so", async () => {
    const { sent, user, update } = setup({ "": [] });
    const bodies: unknown[] = [];
    server.use(
      setLegalHoldHandler((entityNumber, body) => {
        bodies.push(body);
        if (entityNumber === 99) return errorJson(404, "NOT_FOUND", "No member has entity number 99.");
        update({ "": [sipho] });
        return legalHoldJson(sipho);
      }),
    );
    await screen.findByText("No member's data is on hold.");
    const member = within(setForm()).getByLabelText("Member's entity number");
    const reason = within(setForm()).getByLabelText("Reason");

    await user.click(within(setForm()).getByRole("button", { name: "Set the hold" }));
    expect(member).toHaveAttribute("aria-invalid", "true");
    expect(member).toHaveAccessibleDescription("Enter the member's entity number: digits only.");
    expect(reason).toHaveAccessibleDescription(
      /^The claim, dispute or investigation the data is kept for\..* Give the reason for the hold\.$/,
    );
    expect(changes(sent)).toEqual([]);

    await user.type(member, "99");
    await user.type(reason, "Fraud investigation FI-22.");
    await user.click(within(setForm()).getByRole("button", { name: "Set the hold" }));
    expect(await within(setForm()).findByRole("alert")).toHaveTextContent("No member has entity number 99.");

    await user.clear(member);
    await user.type(member, "57");
    await user.click(within(setForm()).getByRole("button", { name: "Set the hold" }));
    await waitFor(() =>
      expect(within(setForm()).getByRole("status")).toHaveTextContent(
        "Sipho Nkosi's data is on hold: it is kept from erasure and from the retention purge until the hold is released.",
      ),
    );
    expect(bodies).toEqual([
      { reason: "Fraud investigation FI-22." },
      { reason: "Fraud investigation FI-22." },
    ]);
    expect(changes(sent)).toEqual([
      "PUT /api/console/members/99/legal-hold",
      "PUT /api/console/members/57/legal-hold",
    ]);
    expect(await rowOf("Sipho Nkosi")).toHaveTextContent("Fraud investigation FI-22.");
    expect(member).toHaveValue("");
    expect(reason).toHaveValue("");
  });

  it("releases a hold only after a confirmation, by keyboard; Cancel releases nothing", async () => {
    const { sent, user, update } = setup();
    server.use(releaseLegalHoldHandler());
    const row = await rowOf("Zanele Khumalo");
    await user.click(within(row).getByRole("button", { name: "Release the hold on Zanele Khumalo's data" }));
    expect(within(row).getByRole("button", { name: "Release hold" })).toHaveFocus();
    await user.click(within(row).getByRole("button", { name: "Cancel" }));
    expect(within(row).queryByRole("button", { name: "Release hold" })).toBeNull();
    expect(
      within(row).getByRole("button", { name: "Release the hold on Zanele Khumalo's data" }),
    ).toHaveFocus();
    expect(changes(sent)).toEqual([]);

    await user.keyboard("{Enter}");
    const confirm = within(row).getByRole("button", { name: "Release hold" });
    expect(confirm).toHaveFocus();
    expect(confirm).toHaveAccessibleDescription(
      "Release the hold on Zanele Khumalo's data? It can then be erased when the member asks.",
    );
    update({ "": [] });
    await user.keyboard("{Enter}");
    await waitFor(() =>
      expect(screen.getByText("The hold on Zanele Khumalo's data is released.")).toBeInTheDocument(),
    );
    expect(changes(sent)).toEqual(["DELETE /api/console/members/41/legal-hold"]);
    expect(await screen.findByText("No member's data is on hold.")).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 2, name: "Holds in place" })).toHaveFocus();
    expect(sentKeys(sent).filter((key) => key.startsWith(`GET ${LEGAL_HOLDS_PATH}`))).toHaveLength(2);
  });
});
