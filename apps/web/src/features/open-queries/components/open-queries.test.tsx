import { ERROR_MESSAGES, type QueryListItem } from "@portal/domain";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { paths } from "../../../config/paths";
import { stubFetchRoutes } from "../../../testing/fetch-stub";
import { renderWithProviders } from "../../../testing/test-utils";
import { OpenQueries } from "./open-queries";

const LIST = "GET /api/smart-inquiry/member-queries";

const queries: QueryListItem[] = [
  {
    referenceNumber: 300002,
    category: "MEDICAL_CLAIMS",
    queryDetail: "My dentist claim was not paid.",
    // Midday UTC, so the local calendar day is the same in every test time zone.
    dateLogged: "2025-03-14T12:00:00.000Z",
  },
  {
    referenceNumber: 300001,
    category: "MANAGE_PLAN",
    queryDetail: "Please change my bank details.",
    dateLogged: "2025-03-09T12:00:00.000Z",
  },
];

describe("OpenQueries", () => {
  it("asks for the open queries of the last 7 days of the member-web origin", async () => {
    const calls = stubFetchRoutes({ [LIST]: () => Response.json({ queries }) });
    renderWithProviders(<OpenQueries origin="default" />);
    await screen.findByRole("table");
    expect(calls.map((call) => call.key)).toEqual([
      "GET /api/smart-inquiry/member-queries?daysAgo=7&status=OPEN&origin=MEMBER_WEB",
    ]);
  });

  it("asks for the MED_XPRESS list for any other origin", async () => {
    const calls = stubFetchRoutes({ [LIST]: () => Response.json({ queries }) });
    renderWithProviders(<OpenQueries origin="medxpress" />);
    await screen.findByRole("table");
    expect(calls[0]?.key).toBe(
      "GET /api/smart-inquiry/member-queries?daysAgo=7&status=OPEN&origin=MED_XPRESS",
    );
  });

  it("shows a loading status, then the titled table with labels, details and yyyy-MM-dd dates", async () => {
    stubFetchRoutes({ [LIST]: () => Response.json({ queries }) });
    renderWithProviders(<OpenQueries origin="default" />);
    expect(screen.getByRole("status")).toHaveTextContent("Loading your open queries...");

    const table = await screen.findByRole("table", { name: "Your open queries" });
    expect(screen.getByRole("heading", { level: 2, name: "Your open queries" })).toBeInTheDocument();
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((cell) => cell.textContent),
    ).toEqual(["Category", "Query details", "Date", "Update"]);
    const [, first, second] = within(table).getAllByRole("row");
    expect(
      within(first as HTMLElement)
        .getAllByRole("cell")
        .map((cell) => cell.textContent),
    ).toEqual(["Medical claims", "My dentist claim was not paid.", "2025-03-14", ""]);
    expect(within(second as HTMLElement).getByRole("cell", { name: "Manage plan" })).toBeInTheDocument();
    expect(screen.queryByRole("status")).toBeNull();
  });

  it("links each row's update icon to the view-query screen with timeline=false", async () => {
    stubFetchRoutes({ [LIST]: () => Response.json({ queries }) });
    const { router } = renderWithProviders(<OpenQueries origin="default" />, {
      extraRoutes: [paths.update.path],
    });
    const link = await screen.findByRole("link", { name: "Update query 300002" });
    expect(link).toHaveAttribute("href", "/update/default?reference=300002&timeline=false");
    expect(link.querySelector("svg")).toHaveAttribute("aria-hidden", "true");
    link.click();
    await waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
        paths.update.getHref("default", { reference: 300002, timeline: false }),
      ),
    );
  });

  it("shows nothing when there are no open queries", async () => {
    const calls = stubFetchRoutes({ [LIST]: () => Response.json({ queries: [] }) });
    const { container } = renderWithProviders(<OpenQueries origin="default" />);
    await waitFor(() => expect(calls).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole("status")).toBeNull());
    expect(screen.queryByRole("table")).toBeNull();
    expect(screen.queryByText("Your open queries")).toBeNull();
    expect(container).toBeEmptyDOMElement();
  });

  it("shows the spec's sentence in a red alert when the list cannot be loaded", async () => {
    stubFetchRoutes({
      [LIST]: () =>
        Response.json({ status: 500, exceptionCode: "INTERNAL_ERROR", message: "boom" }, { status: 500 }),
    });
    renderWithProviders(<OpenQueries origin="default" />);
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent(ERROR_MESSAGES.openQueriesLoad);
    expect(alert).toHaveClass("alert-danger");
    expect(alert).not.toHaveTextContent("boom");
    expect(screen.queryByRole("table")).toBeNull();
  });
});
