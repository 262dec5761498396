import { ERROR_MESSAGES, NO_AGENT_RESPONSE_YET, type QueryView } from "@portal/domain";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { stubFetchRoutes } from "../../../testing/fetch-stub";
import { createTestQueryClient, TestProviders } from "../../../testing/test-utils";
import { ViewQueryPage } from "./view-query-page";

const QUERY = "GET /api/smart-inquiry/member-queries/300001";
const REPLY = "GET /api/smart-inquiry/member-queries/300001/agent-response";

const query: QueryView = {
  referenceNumber: 300001,
  category: "MEDICAL_CLAIMS",
  queryDetail: "My claim was short paid.",
  dateLogged: "2026-11-20T12:00:00.000Z",
  attachments: [{ attachmentId: 41, fileName: "invoice.pdf" }],
  canUpdate: true,
};

const base64 = (html: string) => btoa(String.fromCharCode(...new TextEncoder().encode(html)));

function answer(body: unknown, status = 200) {
  return () => Response.json(body, { status });
}

function renderAt(location: string) {
  const router = createMemoryRouter(
    [
      {
        path: "/update/:origin",
        element: <ViewQueryPage renderUpdateForm={(reference) => <p>Update form for {reference}</p>} />,
      },
      { path: "/contact-us/default", element: <p>Home page</p> },
    ],
    { initialEntries: [location] },
  );
  render(
    <TestProviders queryClient={createTestQueryClient()}>
      <RouterProvider router={router} />
    </TestProviders>,
  );
  return router;
}

const updateToggle = () => screen.queryByRole("button", { name: "Update Query" });

describe("ViewQueryPage", () => {
  it.each([
    "/update/default?reference=300001",
    "/update/default?timeline=false",
    "/update/default?reference=abc&timeline=false",
  ])("sends %s to the root", async (location) => {
    stubFetchRoutes({});
    renderAt(location);
    expect(await screen.findByText("Home page")).toBeInTheDocument();
  });

  it("shows Loading..., then the query, its attachment links and the open update form", async () => {
    const calls = stubFetchRoutes({ [QUERY]: answer({ query }), [REPLY]: answer({ encodedResponse: null }) });
    renderAt("/update/default?reference=300001&timeline=false");
    expect(screen.getByRole("status")).toHaveTextContent("Loading...");

    const card = await screen.findByRole("region", { name: "View your query" });
    expect(
      within(card)
        .getAllByRole("columnheader")
        .map((header) => header.textContent),
    ).toEqual(["Category", "Query details", "Date"]);
    expect(within(card).getByRole("cell", { name: "Medical claims" })).toBeInTheDocument();
    expect(within(card).getByRole("cell", { name: "My claim was short paid." })).toBeInTheDocument();
    expect(within(card).getByRole("cell", { name: "2026-11-20" })).toBeInTheDocument();
    expect(calls.map((call) => call.key).sort()).toEqual([
      "GET /api/smart-inquiry/member-queries/300001/agent-response?origin=MEMBER_WEB",
      "GET /api/smart-inquiry/member-queries/300001?origin=MEMBER_WEB",
    ]);

    const disclosure = screen.getByRole("button", { name: "View attachments" });
    expect(disclosure).toHaveAttribute("aria-expanded", "false");
    await userEvent.click(disclosure);
    const link = screen.getByRole("link", { name: "invoice.pdf" });
    expect(link).toHaveAttribute(
      "href",
      "/api/smart-inquiry/member-queries/300001/attachments/41?origin=MEMBER_WEB",
    );
    expect(link).toHaveAttribute("target", "_blank");
    expect(link).toHaveAttribute("rel", "noopener noreferrer");

    expect(screen.getByText(NO_AGENT_RESPONSE_YET)).toBeInTheDocument();
    expect(updateToggle()).toHaveAttribute("aria-expanded", "true");
    expect(screen.getByText("Update form for 300001")).toBeVisible();
  });

  it("starts with the update form closed when coming from the timeline", async () => {
    stubFetchRoutes({ [QUERY]: answer({ query }), [REPLY]: answer({ encodedResponse: null }) });
    renderAt("/update/default?reference=300001&timeline=true");
    await screen.findByRole("region", { name: "View your query" });
    expect(updateToggle()).toHaveAttribute("aria-expanded", "false");
    expect(screen.queryByText("Update form for 300001")).not.toBeVisible();
    await userEvent.click(updateToggle() as HTMLElement);
    expect(screen.getByText("Update form for 300001")).toBeVisible();
  });

  it("hides the update option for a query that cannot be updated", async () => {
    stubFetchRoutes({
      [QUERY]: answer({ query: { ...query, canUpdate: false } }),
      [REPLY]: answer({ encodedResponse: null }),
    });
    renderAt("/update/default?reference=300001&timeline=false");
    await screen.findByRole("region", { name: "View your query" });
    expect(updateToggle()).toBeNull();
    expect(screen.queryByText("Update form for 300001")).toBeNull();
  });

  it("never offers an update for the medxpress origin, and asks with MED_XPRESS", async () => {
    const calls = stubFetchRoutes({ [QUERY]: answer({ query }), [REPLY]: answer({ encodedResponse: null }) });
    renderAt("/update/medxpress?reference=300001&timeline=false");
    await screen.findByRole("region", { name: "View your query" });
    expect(updateToggle()).toBeNull();
    expect(calls.every((call) => call.key.endsWith("origin=MED_XPRESS"))).toBe(true);
  });

  it("hides the update option while the e-mailed reply is open, and brings it back on Close", async () => {
    stubFetchRoutes({
      [QUERY]: answer({ query }),
      [REPLY]: answer({ encodedResponse: base64("<p>Dear Zoë, <strong>approved</strong>.</p>") }),
    });
    renderAt("/update/default?reference=300001&timeline=false");
    await userEvent.click(await screen.findByRole("button", { name: "View response sent to you via email" }));
    const reply = screen.getByRole("region", { name: "Response sent via email" });
    const frame = within(reply).getByTitle("The response sent to you via email");
    expect(frame).toHaveAttribute("sandbox", "allow-popups allow-popups-to-escape-sandbox");
    expect(frame.getAttribute("srcdoc")).toContain("Dear Zoë, <strong>approved</strong>.");
    expect(updateToggle()).toBeNull();

    // Keyboard users follow along: focus goes to the reply, then back to the button that opened it.
    expect(within(reply).getByRole("heading", { name: "Response sent via email" })).toHaveFocus();

    await userEvent.click(within(reply).getByRole("button", { name: "Close" }));
    expect(screen.queryByRole("region", { name: "Response sent via email" })).toBeNull();
    expect(updateToggle()).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "View response sent to you via email" })).toHaveFocus();
  });

  it("puts a hostile reply into the frame without anything that could run", async () => {
    const hostile =
      "<p>Dear member</p><script>parent.stolen = 1</script>" +
      '<img alt="logo" src="data:image/png;base64,AA==" onerror="parent.stolen = 2">' +
      '<a href="javascript:parent.stolen = 3">click me</a>';
    stubFetchRoutes({ [QUERY]: answer({ query }), [REPLY]: answer({ encodedResponse: base64(hostile) }) });
    renderAt("/update/default?reference=300001&timeline=false");
    await userEvent.click(await screen.findByRole("button", { name: "View response sent to you via email" }));
    const frame = screen.getByTitle("The response sent to you via email");
    expect(frame.getAttribute("sandbox")).not.toContain("allow-scripts");
    expect(frame.getAttribute("sandbox")).not.toContain("allow-same-origin");
    const srcDoc = frame.getAttribute("srcdoc") ?? "";
    expect(srcDoc).toContain("<p>Dear member</p>");
    expect(srcDoc).toContain('src="data:image/png;base64,AA=="');
    expect(srcDoc.toLowerCase()).not.toMatch(/<script|onerror|javascript:/);
  });

  it("starts with the update form closed unless timeline is clearly false", async () => {
    stubFetchRoutes({ [QUERY]: answer({ query }), [REPLY]: answer({ encodedResponse: null }) });
    renderAt("/update/default?reference=300001&timeline=maybe");
    await screen.findByRole("region", { name: "View your query" });
    expect(updateToggle()).toHaveAttribute("aria-expanded", "false");
  });

  it("shows the 0015 sentence and no update option for a legacy query", async () => {
    stubFetchRoutes({
      [QUERY]: answer({ status: 422, exceptionCode: "0015", message: "legacy" }, 422),
      [REPLY]: answer({ encodedResponse: null }),
    });
    renderAt("/update/default?reference=300001&timeline=false");
    expect(await screen.findByRole("alert")).toHaveTextContent(ERROR_MESSAGES.outdatedQuery);
    expect(updateToggle()).toBeNull();
  });

  it("shows the fetch sentence when either call fails", async () => {
    stubFetchRoutes({ [QUERY]: answer({ query }), [REPLY]: answer({}, 500) });
    renderAt("/update/default?reference=300001&timeline=false");
    expect(await screen.findByRole("alert")).toHaveTextContent(ERROR_MESSAGES.queryFetch);
    expect(updateToggle()).toBeNull();
    expect(screen.queryByRole("region", { name: "View your query" })).toBeNull();
  });
});
