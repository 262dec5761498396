import { type ReportResponse, reportResponseSchema } from "@portal/domain";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { http } from "msw";
import { describe, expect, it } from "vitest";
import { agent, supervisor } from "../../../testing/console/console-handlers";
import { contractJson, errorJson } from "../../../testing/contract-json";
import { server } from "../../../testing/msw-server";
import { REPORTS_URL } from "../api/get-report";
import { renderConsole } from "../testing/render-console";
import { lastMonth } from "../utils/report-format";

function report(
  query: ReportResponse["query"],
  stillPending: ReportResponse["stillPending"] = { conversations: 0, more: false },
): ReportResponse {
  return {
    query,
    today: "2026-11-24",
    timeZone: "Africa/Johannesburg",
    businessHours: { opens: "08:00", closes: "17:00", minutesPerDay: 540 },
    volumes: [
      { day: query.from, newQueries: 4, updates: 1, replies: 3, closed: 2 },
      { day: query.to, newQueries: 2, updates: 0, replies: 2, closed: 1 },
    ],
    firstResponse: { count: 5, medianMinutes: 270, p90Minutes: 1107 },
    resolution: { count: 3, medianMinutes: 1560, p90Minutes: null },
    promiseByCategory: [
      { key: "MEDICAL_CLAIMS", label: "Medical claims", onTime: 3, broken: 1, pending: 0, onTimeShare: 0.75 },
      { key: "MEMBERSHIP", label: "Membership", onTime: 0, broken: 0, pending: 2, onTimeShare: null },
    ],
    promiseByChannel: [
      { key: "MEMBER_WEB", label: "Member portal", onTime: 3, broken: 1, pending: 2, onTimeShare: 0.75 },
    ],
    promiseByAgent: [
      { key: "9001", label: "Thandi Mokoena", onTime: 2, broken: 1, pending: 0, onTimeShare: 2 / 3 },
      {
        key: "none",
        label: "Nobody (not answered, not assigned)",
        onTime: 0,
        broken: 0,
        pending: 2,
        onTimeShare: null,
      },
    ],
    openNow: { open: 7, overdue: 2, dueToday: 1 },
    backlog: [
      { label: "0–1 days", conversations: 4 },
      { label: "Over 30 days", conversations: 3 },
    ],
    documents: [{ day: query.from, fromMembers: 2, recordedByStaff: 1 }],
    stillPending,
  };
}

/** Answers every report asked, and keeps the addresses asked. */
function answerReports(stillPending?: ReportResponse["stillPending"]) {
  const asked: URL[] = [];
  server.use(
    http.get(REPORTS_URL, ({ request }) => {
      const url = new URL(request.url);
      asked.push(url);
      return contractJson(
        reportResponseSchema,
        report(
          {
            from: url.searchParams.get("from") ?? "",
            to: url.searchParams.get("to") ?? "",
            channel: (url.searchParams.get("channel") as "MEMBER_WEB" | "MED_XPRESS" | null) ?? null,
            category: url.searchParams.get("category"),
          },
          stillPending,
        ),
      );
    }),
  );
  return asked;
}

const section = (name: string) => screen.getByRole("region", { name });

describe("the reports page", () => {
  it("opens on last month, each view a table beside its chart with its CSV", async () => {
    const asked = answerReports();
    renderConsole("/console/reports", { person: supervisor });
    const { from, to } = lastMonth(new Date());

    const byCategory = await screen.findByRole("region", { name: "Answered on time, by category" });
    expect(asked[0]?.searchParams.toString()).toBe(`from=${from}&to=${to}`);
    expect(screen.getByLabelText("From")).toHaveValue(from);
    expect(screen.getByLabelText("To")).toHaveValue(to);
    // Typed as every screen writes a day, not drawn by the browser in its own order (12/01/2026).
    for (const day of ["From", "To"]) {
      expect(screen.getByLabelText(day)).toHaveAttribute("type", "text");
      expect(screen.getByLabelText(day)).toHaveAttribute("placeholder", "yyyy-mm-dd");
    }

    const claims = within(byCategory).getByRole("row", { name: /Medical claims/ });
    expect(
      within(claims)
        .getAllByRole("cell")
        .map((cell) => cell.textContent),
    ).toEqual(["3", "1", "0", "75%"]);
    const membership = within(byCategory).getByRole("row", { name: /Membership/ });
    expect(within(membership).getAllByRole("cell").at(-1)).toHaveTextContent("—");
    expect(
      within(byCategory).getByRole("link", { name: "Download CSV of answered on time, by category" }),
    ).toHaveAttribute("href", `${REPORTS_URL}/csv/promise-by-category?from=${from}&to=${to}`);

    const byAgent = section("Answered on time, by agent");
    expect(within(byAgent).getByRole("row", { name: /Thandi Mokoena/ })).toHaveTextContent("67%");

    // Durations in business hours and days (540 business minutes a day).
    const times = section("Response and resolution times");
    const first = within(times).getByRole("row", { name: /First response/ });
    expect(
      within(first)
        .getAllByRole("cell")
        .map((cell) => cell.textContent),
    ).toEqual(["5", "4.5", "0.5", "18.4", "2.0"]);
    expect(
      within(section("Open now"))
        .getAllByRole("cell")
        .map((cell) => cell.textContent),
    ).toEqual(["7", "2", "1"]);
    for (const name of [
      "Answered on time, by channel",
      "Volumes per day",
      "Backlog by age",
      "Document submissions received",
    ]) {
      expect(within(section(name)).getByRole("table")).toBeInTheDocument();
      expect(within(section(name)).getByRole("link", { name: /^Download CSV/ })).toBeInTheDocument();
    }
    // Each chart is hidden from assistive technology: its table is what they read.
    for (const chart of document.querySelectorAll(".report-chart")) {
      expect(chart).toHaveAttribute("aria-hidden", "true");
    }
  });

  it("asks again for the range, channel and category chosen, and refuses a range the wrong way round", async () => {
    const asked = answerReports();
    const user = userEvent.setup();
    renderConsole("/console/reports", { person: supervisor });
    await screen.findByRole("region", { name: "Answered on time, by category" });

    await user.clear(screen.getByLabelText("From"));
    await user.type(screen.getByLabelText("From"), "2026-10-31");
    await user.clear(screen.getByLabelText("To"));
    await user.type(screen.getByLabelText("To"), "2026-10-01");
    await user.click(screen.getByRole("button", { name: "Show report" }));
    expect(screen.getByText("The first day must not be after the last day.")).toBeInTheDocument();
    expect(screen.getByLabelText("To")).toHaveAttribute("aria-invalid", "true");
    expect(asked).toHaveLength(1);

    await user.clear(screen.getByLabelText("From"));
    await user.type(screen.getByLabelText("From"), "2026-07-01");
    await user.selectOptions(screen.getByLabelText("Channel"), "MedXpress");
    await user.selectOptions(screen.getByLabelText("Category"), "Medical claims");
    await user.click(screen.getByRole("button", { name: "Show report" }));
    expect(
      await screen.findByText(/Conversations begun from 2026-07-01 to 2026-10-01, MedXpress, Medical claims/),
    ).toBeInTheDocument();
    expect(asked.at(-1)?.searchParams.toString()).toBe(
      "from=2026-07-01&to=2026-10-01&channel=MED_XPRESS&category=MEDICAL_CLAIMS",
    );
  });

  it("says how many conversations' figures are still being worked out, and nothing when none are", async () => {
    answerReports({ conversations: 1234, more: false });
    const { unmount } = renderConsole("/console/reports", { person: supervisor });
    await screen.findByRole("region", { name: "Answered on time, by category" });
    expect(screen.getByRole("status")).toHaveTextContent(
      "Figures are still being worked out for 1,234 conversations; until they are, some figures below leave them out. A job on the server works through them, the newest first, at some thousands a second.",
    );
    unmount();

    answerReports({ conversations: 10_000, more: true });
    const again = renderConsole("/console/reports", { person: supervisor });
    await screen.findByRole("region", { name: "Answered on time, by category" });
    expect(screen.getByRole("status")).toHaveTextContent(
      "still being worked out for more than 10,000 conversations;",
    );
    again.unmount();

    answerReports();
    renderConsole("/console/reports", { person: supervisor });
    await screen.findByRole("region", { name: "Answered on time, by category" });
    expect(screen.queryByText(/still being worked out/)).toBeNull();
  });

  it("is in a supervisor's menu and not an agent's", async () => {
    answerReports();
    renderConsole("/console/reports", { person: agent });
    const menu = await screen.findByRole("navigation", { name: "Console menu" });
    expect(within(menu).queryByRole("link", { name: "Reports" })).toBeNull();
    expect(screen.queryByRole("heading", { name: "Reports" })).toBeNull();
  });

  it("says so when the server refuses", async () => {
    server.use(http.get(REPORTS_URL, () => errorJson(403, "FORBIDDEN")));
    renderConsole("/console/reports", { person: supervisor });
    expect(await screen.findByRole("alert")).toHaveTextContent("Only supervisors can see reports.");
    const menu = screen.getByRole("navigation", { name: "Console menu" });
    expect(within(menu).getByRole("link", { name: "Reports" })).toBeInTheDocument();
  });
});
