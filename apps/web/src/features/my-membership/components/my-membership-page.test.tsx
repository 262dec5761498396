import { PROFILE_PICTURE_MESSAGES } from "@portal/domain";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { paths } from "../../../config/paths";
import { MEMBER_DETAILS_PATH, memberDetailsFailing } from "../../../testing/member-details-handlers";
import { recordRequests, sentKeys, server } from "../../../testing/msw-server";
import { renderWithProviders } from "../../../testing/test-utils";
import { stubViewportWidth } from "../../../testing/viewport";
import { emptyListHandlers, failingGet, membershipPageHandlers, PATHS } from "../testing/handlers";
import { MyMembershipPage } from "./my-membership-page";

const region = (name: string) => screen.findByRole("region", { name });

/** The rows of a table as lists of cell texts, header row first. */
function rowsOf(table: HTMLElement): string[][] {
  return within(table)
    .getAllByRole("row")
    .map((row) => [...row.querySelectorAll("th, td")].map((cell) => cell.textContent ?? ""));
}

describe("MyMembershipPage", () => {
  it("shows every section with its data, asking only for what it shows", async () => {
    server.use(...membershipPageHandlers());
    const sent = recordRequests();
    renderWithProviders(<MyMembershipPage />);
    expect(screen.getByRole("heading", { level: 1, name: "My membership" })).toBeInTheDocument();

    const details = await region("Your details");
    expect(await within(details).findByText("Zanele")).toBeInTheDocument();
    for (const text of [
      "Mrs",
      "Khumalo",
      "20991234",
      "1988-04-21",
      "zanele@example.com",
      "z.khumalo@example.org",
      "Mobile: +27 82 555 0101",
      "Postal: PO Box 12, Rondebosch, Cape Town, Western Cape, 7700, South Africa",
    ]) {
      expect(within(details).getByText(text)).toBeInTheDocument();
    }

    const plan = await region("Plan and scheme");
    expect(await within(plan).findByText("Meridian Comprehensive")).toBeInTheDocument();
    expect(await within(plan).findByText("Meridian Health")).toBeInTheDocument();
    expect(within(plan).getByText("MHS-20991234")).toBeInTheDocument();
    expect(within(plan).getByText("2020-01-01")).toBeInTheDocument();

    const dependents = await within(await region("Dependants")).findByRole("table", {
      name: "The dependants on your policy",
    });
    expect(rowsOf(dependents)).toEqual([
      ["Name", "Relationship", "Dependant code", "Date of birth"],
      ["Mr Themba Khumalo", "Spouse", "01", "1986-09-02"],
      ["Lerato Khumalo", "Child", "02", "2015-02-14"],
    ]);

    const contacts = await within(await region("Emergency contacts")).findByRole("table");
    expect(rowsOf(contacts)[1]).toEqual(["Themba Khumalo", "Spouse", "+27 83 555 0102", "Not recorded"]);

    const periods = await within(await region("Waiting periods")).findByRole("table");
    expect(rowsOf(periods).slice(1)).toEqual([
      ["General", "General", "2026-04-01", "2026-07-01"],
      ["Condition-specific", "Knee replacement", "2026-04-01", "2027-04-01"],
    ]);

    // Only the GP: the dentist belongs elsewhere.
    const gp = await within(await region("Your GP")).findByRole("table");
    expect(rowsOf(gp).slice(1)).toEqual([
      ["Rondebosch Family Practice", "0482317", "Dr Ayanda Mthembu", "2024-05-01", "No end date"],
    ]);

    expect(await screen.findByRole("img", { name: "Your profile picture" })).toHaveAttribute(
      "src",
      "data:image/jpeg;base64,/9j/AAAA",
    );
    expect(screen.getByRole("button", { name: "Download membership card" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Order a new card" })).toBeInTheDocument();
    expect(screen.queryByRole("alert")).toBeNull();

    // The details are asked for once, with the addresses only: the other sections have their own calls.
    expect(sentKeys(sent).filter((key) => key.startsWith(`GET ${MEMBER_DETAILS_PATH}?`))).toEqual([
      "GET /api/member-details/v2/member-details?emergencyContacts=false&dependents=false&addresses=true",
    ]);
    expect(sentKeys(sent)).toContain(
      "GET /api/member-details/profile-picture/?width=160&height=160&crop=true",
    );
  });

  it("a failing call shows its own section's alert while the others still show", async () => {
    server.use(...membershipPageHandlers());
    server.use(failingGet(PATHS.plan), failingGet(PATHS.dependents));
    renderWithProviders(<MyMembershipPage />);

    const plan = await region("Plan and scheme");
    expect(await within(plan).findByRole("alert")).toHaveTextContent(
      "We could not load your plan. Please try again later.",
    );
    // The scheme has a call of its own and still shows.
    expect(await within(plan).findByText("Meridian Health")).toBeInTheDocument();
    expect(await within(await region("Dependants")).findByRole("alert")).toHaveTextContent(
      "We could not load your dependents. Please try again later.",
    );

    expect(await within(await region("Your details")).findByText("Zanele")).toBeInTheDocument();
    expect(await within(await region("Waiting periods")).findByText("Knee replacement")).toBeInTheDocument();
    expect(await within(await region("Your GP")).findByText("Dr Ayanda Mthembu")).toBeInTheDocument();
    expect(screen.getAllByRole("alert")).toHaveLength(2);
  });

  it("failing details fail the sections that need the member's number, and no others", async () => {
    server.use(...membershipPageHandlers());
    server.use(memberDetailsFailing());
    const sent = recordRequests();
    renderWithProviders(<MyMembershipPage />);
    for (const [name, message] of [
      ["Your details", "We could not load your details. Please try again later."],
      ["Waiting periods", "We could not load your waiting periods. Please try again later."],
      ["Your GP", "We could not load your GP. Please try again later."],
    ] as const) {
      expect(await within(await region(name)).findByRole("alert")).toHaveTextContent(message);
    }
    expect(await within(await region("Emergency contacts")).findByRole("table")).toBeInTheDocument();
    expect(sentKeys(sent).some((key) => key.includes("waiting-periods"))).toBe(false);
  });

  it("says so when there is nothing to show", async () => {
    server.use(...membershipPageHandlers());
    server.use(...emptyListHandlers());
    renderWithProviders(<MyMembershipPage />);
    for (const text of [
      "No dependants are registered on your policy.",
      "No emergency contacts are recorded.",
      "No waiting periods apply.",
      "No GP is allocated.",
      PROFILE_PICTURE_MESSAGES.notFound,
    ]) {
      expect(await screen.findByText(text)).toBeInTheDocument();
    }
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.queryByRole("button", { name: "Remove picture" })).toBeNull();
  });

  it("links to My data, where the member sees who has seen their information and downloads it", async () => {
    server.use(...membershipPageHandlers());
    const { router } = renderWithProviders(<MyMembershipPage />, {
      route: paths.myMembership.getHref(),
      extraRoutes: [paths.myData.path],
    });
    const link = screen.getByRole("link", { name: "My data" });
    expect(link).toHaveAttribute("href", "/my-data");
    await userEvent.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe("/my-data"));
  });
});

describe("MyMembershipPage on a phone", () => {
  it("at 390 px lists each table's rows one under another, every value named, with no table to scroll", async () => {
    stubViewportWidth(390);
    server.use(...membershipPageHandlers());
    renderWithProviders(<MyMembershipPage />);
    const contacts = await within(await region("Emergency contacts")).findByRole("list", {
      name: "The people to contact in an emergency",
    });
    const [first] = within(contacts).getAllByRole("listitem");
    expect(
      within(first as HTMLElement)
        .getAllByRole("term")
        .map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`),
    ).toEqual([
      "Name: Themba Khumalo",
      "Relationship: Spouse",
      "Phone number: +27 83 555 0102",
      "Email address: Not recorded",
    ]);
    expect(await within(await region("Your GP")).findByRole("list")).toBeInTheDocument();
    expect(await within(await region("Dependants")).findByRole("list")).toBeInTheDocument();
    expect(await within(await region("Waiting periods")).findByRole("list")).toBeInTheDocument();
    expect(screen.queryByRole("table")).toBeNull();
  });
});
