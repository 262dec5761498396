import type { DataExport, DataRequest } from "@portal/domain";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { informationOfficer } from "../../../testing/console/console-handlers";
import { errorJson } from "../../../testing/contract-json";
import { recordRequests, type SentRequest, sentKeys, server } from "../../../testing/msw-server";
import {
  DATA_REQUESTS_PATH,
  dataExport,
  dataRequest,
  dataRequestActionHandler,
  dataRequestJson,
  dataRequestsHandler,
  legalHold,
  memberExportsHandler,
  memberLegalHoldHandler,
  prepareExportHandler,
  recordDataRequestHandler,
} from "../testing/handlers";
import { renderConsole } from "../testing/render-console";

// Today is Tuesday 2026-11-24 in the scheme's time zone: the due days below count from it. Only the
// clock's date is fixed; timers run as usual, for the page's polling and for user-event.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date("2026-11-24T10:00:00.000Z"));
});
afterEach(() => vi.useRealTimers());

const zanele = { entityNumber: 41, firstName: "Zanele", lastName: "Khumalo" };
const sipho = { entityNumber: 57, firstName: "Sipho", lastName: "Nkosi" };
const lindiwe = { entityNumber: 63, firstName: "Lindiwe", lastName: "Mahlangu" };

const accessSoon = dataRequest({ requestId: 12, member: zanele, kind: "ACCESS", dueOn: "2026-11-26" });
const deletionLate = dataRequest({
  requestId: 13,
  member: sipho,
  kind: "DELETION",
  receivedOn: "2026-10-20",
  dueOn: "2026-11-19",
  notes: "",
});
const correctionLater = dataRequest({
  requestId: 14,
  member: lindiwe,
  kind: "CORRECTION",
  receivedOn: "2026-11-20",
  dueOn: "2026-12-20",
  notes: "Her date of birth is wrong.",
});

function setup(open: DataRequest[] = [accessSoon, deletionLate, correctionLater]) {
  let requests = open;
  server.use(
    dataRequestsHandler((status) => (status === "OPEN" ? requests : [])),
    memberExportsHandler(() => []),
  );
  const sent = recordRequests();
  const view = renderConsole("/console/requests", {
    person: informationOfficer,
    roles: ["STAFF_INFORMATION_OFFICER"],
  });
  return {
    ...view,
    sent,
    user: userEvent.setup(),
    update: (next: DataRequest[]) => {
      requests = next;
    },
  };
}

const posts = (sent: SentRequest[]) => sentKeys(sent).filter((key) => key.startsWith("POST"));
const cardOf = async (name: string) =>
  (await screen.findByRole("article", { name: new RegExp(name) })) as HTMLElement;
const recordForm = () => screen.getByRole("form", { name: "Record a request" });

describe("members' requests about their data", () => {
  it("lists the open requests, due days soon or past said in words", async () => {
    setup();
    expect(screen.getByRole("heading", { level: 1, name: "Data requests" })).toHaveFocus();
    const list = await screen.findByRole("list", { name: "Open requests" });
    expect(within(list).getAllByRole("article")).toHaveLength(3);

    const access = await cardOf("Zanele Khumalo");
    expect(access).toHaveTextContent("Asks forAccess to their data");
    expect(access).toHaveTextContent("Received2026-11-02");
    expect(access).toHaveTextContent("Due by2026-11-26 Due in 2 days");
    expect(within(access).getByText("Due in 2 days")).toHaveClass("badge");
    expect(access).toHaveTextContent("Asked by e-mail for everything we hold.");

    const late = await cardOf("Sipho Nkosi");
    expect(within(late).getByText("Past due by 5 days").parentElement).toHaveClass("text-danger");
    expect(late).toHaveTextContent("NotesNone");

    const later = await cardOf("Lindiwe Mahlangu");
    expect(later).toHaveTextContent("Due by2026-12-20Status");
    expect(within(later).queryByText(/Due in|Past due/)).toBeNull();
    // Erasure is offered for the deletion request only.
    expect(within(late).getByRole("button", { name: "Erase the member's data" })).toBeInTheDocument();
    expect(within(access).queryByRole("button", { name: "Erase the member's data" })).toBeNull();
    // Nothing has gone wrong yet: no card shows an error.
    expect(within(list).queryByRole("alert")).toBeNull();
  });

  it("records a request: refuses an incomplete form, shows the server's refusal, then records it", async () => {
    const { sent, user } = setup([]);
    const bodies: unknown[] = [];
    server.use(
      recordDataRequestHandler((body) => {
        bodies.push(body);
        return (body as { entityNumber: number }).entityNumber === 99
          ? errorJson(404, "NOT_FOUND", "No member has entity number 99.")
          : dataRequestJson(
              dataRequest({ requestId: 20, kind: "DELETION", receivedOn: "2026-11-24", dueOn: "2026-12-24" }),
              201,
            );
      }),
    );
    await screen.findByText("No request is open.");
    const entityNumber = within(recordForm()).getByLabelText("Member's entity number");
    const kind = within(recordForm()).getByLabelText("The member asks for");
    expect(within(recordForm()).getByLabelText("Received on")).toHaveValue("2026-11-24");
    // Typed as every screen writes a day, not drawn by the browser in its own order (11/24/2026).
    expect(within(recordForm()).getByLabelText("Received on")).toHaveAttribute("type", "text");
    expect(within(recordForm()).getByLabelText("Received on")).toHaveAttribute("placeholder", "yyyy-mm-dd");

    await user.click(within(recordForm()).getByRole("button", { name: "Record request" }));
    expect(entityNumber).toHaveAttribute("aria-invalid", "true");
    expect(entityNumber).toHaveAccessibleDescription(
      "The member the request is from. Enter the member's entity number: digits only.",
    );
    expect(kind).toHaveAccessibleDescription("Choose what the member asks for.");
    expect(posts(sent)).toEqual([]);

    await user.type(entityNumber, "99");
    await user.selectOptions(kind, "Deletion of their data");
    await user.click(within(recordForm()).getByRole("button", { name: "Record request" }));
    expect(await within(recordForm()).findByRole("alert")).toHaveTextContent(
      "No member has entity number 99.",
    );

    await user.clear(entityNumber);
    await user.type(entityNumber, "41");
    await user.type(within(recordForm()).getByLabelText("Notes"), "Letter received at the counter.");
    await user.click(within(recordForm()).getByRole("button", { name: "Record request" }));
    await waitFor(() =>
      expect(within(recordForm()).getByRole("status")).toHaveTextContent(
        "Request recorded for Zanele Khumalo: deletion of their data, due by 2026-12-24.",
      ),
    );
    expect(bodies[1]).toEqual({
      entityNumber: 41,
      kind: "DELETION",
      receivedOn: "2026-11-24",
      notes: "Letter received at the counter.",
    });
    expect(within(recordForm()).queryByRole("alert")).toBeNull();
    expect(entityNumber).toHaveValue("");
    expect(kind).toHaveValue("");
    expect(posts(sent)).toEqual([`POST ${DATA_REQUESTS_PATH}`, `POST ${DATA_REQUESTS_PATH}`]);
  });

  it("erases a member's data only after a confirmation that says what goes, then shows the report", async () => {
    const { sent, user } = setup();
    const erased = {
      ...deletionLate,
      erasureReport: {
        ranAt: "2026-11-24T10:05:00.000Z",
        removed: {
          queries: 3,
          replies: 4,
          queryAttachments: 2,
          documentSubmissions: 1,
          documentFiles: 5,
          sentMails: 6,
        },
        kept: [
          { what: "Query 300009 and its replies", reason: "Under a legal hold: claim dispute 2026/118." },
        ],
      },
    };
    server.use(
      memberLegalHoldHandler(legalHold({ member: sipho })),
      dataRequestActionHandler("erasure", () => dataRequestJson(erased)),
    );
    const card = await cardOf("Sipho Nkosi");
    const erase = within(card).getByRole("button", { name: "Erase the member's data" });

    await user.click(erase);
    const question = within(card).getByText("Erase Sipho Nkosi's data?").parentElement as HTMLElement;
    expect(question).toHaveTextContent(
      "This removes their queries and the replies to them, the files attached to queries, and the documents they sent, except what is under a legal hold. It cannot be undone.",
    );
    expect(
      await within(question).findByText(
        "Sipho Nkosi's data is under a legal hold (Claim dispute 2026/118 with the provider.): what it covers is kept.",
      ),
    ).toBeInTheDocument();
    const confirm = within(question).getByRole("button", { name: "Erase the data" });
    expect(confirm).toHaveFocus();
    expect(confirm).toHaveAccessibleDescription(
      /^Erase Sipho Nkosi's data\? This removes their queries.*what it covers is kept\.$/,
    );
    await user.click(within(question).getByRole("button", { name: "Cancel" }));
    expect(within(card).queryByText("Erase Sipho Nkosi's data?")).toBeNull();
    expect(within(card).getByRole("button", { name: "Erase the member's data" })).toHaveFocus();
    expect(posts(sent)).toEqual([]);

    await user.keyboard("{Enter}");
    await user.click(within(card).getByRole("button", { name: "Erase the data" }));
    const report = await within(card).findByRole("region", {
      name: /^Erasure report Sipho Nkosi \(entity \d+\) Erased on .+\.$/,
    });
    expect(within(report).getByRole("heading", { name: "Erasure report" })).toHaveFocus();
    expect(posts(sent)).toEqual([`POST ${DATA_REQUESTS_PATH}/13/erasure`]);
    const removed = within(report).getByRole("table", { name: "What was removed" });
    expect(
      within(removed)
        .getAllByRole("row")
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual([
      "Queries3",
      "Replies to them4",
      "Files attached to queries2",
      "Document submissions1",
      "Document files5",
      "Mails sent to the member6",
    ]);
    const kept = within(report).getByRole("table", { name: "What was kept, and why" });
    expect(within(kept).getAllByRole("row")[1]).toHaveTextContent(
      "Query 300009 and its repliesUnder a legal hold: claim dispute 2026/118.",
    );
    expect(within(card).getByText("Sipho Nkosi's data is erased. The report is above.")).toBeInTheDocument();
    // Erased once: the button is not offered again.
    expect(within(card).queryByRole("button", { name: "Erase the member's data" })).toBeNull();
  });

  it("says an erasure under a legal hold removed nothing, and keeps Erase for when the hold is released", async () => {
    const { sent, user } = setup();
    const held = {
      ...deletionLate,
      erasureReport: {
        ranAt: "2026-11-24T10:05:00.000Z",
        held: true,
        removed: {
          queries: 0,
          replies: 0,
          queryAttachments: 0,
          documentSubmissions: 0,
          documentFiles: 0,
          sentMails: 0,
        },
        kept: [{ what: "All of the member's data", reason: "Under a legal hold: claim dispute 2026/118." }],
      },
    };
    server.use(
      memberLegalHoldHandler(legalHold({ member: sipho })),
      dataRequestActionHandler("erasure", () => dataRequestJson(held)),
    );
    const card = await cardOf("Sipho Nkosi");
    await user.click(within(card).getByRole("button", { name: "Erase the member's data" }));
    await user.click(within(card).getByRole("button", { name: "Erase the data" }));

    const report = await within(card).findByRole("region", {
      name: /^Erasure report Sipho Nkosi \(entity \d+\) Erased on .+\.$/,
    });
    expect(within(report).getByRole("table", { name: "What was kept, and why" })).toHaveTextContent(
      "All of the member's dataUnder a legal hold: claim dispute 2026/118.",
    );
    expect(within(card).getByRole("alert")).toHaveTextContent(
      "Nothing of Sipho Nkosi's data was erased: it is under a legal hold. The report above says why. Erase again once the hold is released.",
    );
    expect(within(card).queryByText(/data is erased/)).toBeNull();
    expect(within(card).getByRole("button", { name: "Erase the member's data" })).toBeInTheDocument();
    expect(posts(sent)).toEqual([`POST ${DATA_REQUESTS_PATH}/13/erasure`]);
  });

  it("completes a request with its outcome, which is required; a refusal shows the server's words", async () => {
    const { user, update } = setup();
    let answer = () => errorJson(409, "CONFLICT", "This request is already completed.");
    server.use(dataRequestActionHandler("complete", () => answer()));
    const card = await cardOf("Lindiwe Mahlangu");
    await user.click(within(card).getByRole("button", { name: "Complete" }));
    const form = within(card).getByRole("form", { name: "Complete the request of Lindiwe Mahlangu" });
    const outcome = within(form).getByLabelText("Outcome");
    expect(outcome).toHaveFocus();
    await user.click(within(form).getByRole("button", { name: "Complete request" }));
    expect(outcome).toHaveAccessibleDescription("Say how the request was answered.");

    await user.type(outcome, "Date of birth corrected in the register.");
    await user.click(within(form).getByRole("button", { name: "Complete request" }));
    expect(await within(form).findByRole("alert")).toHaveTextContent("This request is already completed.");

    const done = {
      ...correctionLater,
      status: "COMPLETED" as const,
      completedAt: "2026-11-24T10:10:00.000Z",
      outcome: "Date of birth corrected in the register.",
    };
    answer = () => dataRequestJson(done);
    update([accessSoon, deletionLate]);
    await user.click(within(form).getByRole("button", { name: "Complete request" }));
    await waitFor(() =>
      expect(screen.getByText("The request of Lindiwe Mahlangu is completed.")).toBeInTheDocument(),
    );
    await waitFor(() => expect(screen.queryByRole("article", { name: /Lindiwe Mahlangu/ })).toBeNull());
    expect(screen.getByRole("heading", { level: 2, name: "Requests" })).toHaveFocus();
  });

  it("prepares an access request's archive, shows its progress, and offers the download when ready", async () => {
    const { sent, user } = setup([accessSoon]);
    const running = dataExport({
      status: "RUNNING",
      progress: { done: 10, total: 40 },
      readyAt: null,
      expiresAt: null,
      sizeBytes: null,
    });
    let archives: DataExport[] = [];
    let asked = 0;
    server.use(
      memberExportsHandler(() => {
        asked += 1;
        // Being written when first asked after the POST; ready at the next poll.
        if (archives.length > 0 && asked > 2) archives = [dataExport()];
        return archives;
      }),
      prepareExportHandler(() => {
        archives = [running];
        asked = 1;
        return running;
      }),
    );
    const card = await cardOf("Zanele Khumalo");
    const section = within(card).getByRole("region", { name: "Archives of Zanele Khumalo's data" });
    expect(
      await within(section).findByText("No archive has been made for this member yet."),
    ).toBeInTheDocument();

    await user.click(within(section).getByRole("button", { name: "Prepare the member's archive" }));
    const progress = await within(section).findByRole("progressbar", {
      name: /^Progress of the archive asked for/,
    });
    expect(progress).toHaveAttribute("value", "25");
    expect(section).toHaveTextContent("10 of 40 written");
    expect(within(section).getByText("An archive is being prepared.")).toHaveAttribute("role", "status");
    expect(within(section).getByRole("button", { name: "Prepare the member's archive" })).toBeDisabled();

    const download = await within(section).findByRole(
      "link",
      { name: /^Download the archive asked for/ },
      // Ready at the next poll, 2 s on.
      { timeout: 3000 },
    );
    expect(download).toHaveAttribute("href", "/api/console/data-exports/31/download");
    expect(within(section).getByText("The newest archive is ready to download.")).toBeInTheDocument();
    expect(section).toHaveTextContent("1.5 MB");
    expect(posts(sent)).toEqual(["POST /api/console/members/41/data-exports"]);
  });
});
