import { XSRF_HEADER } from "@portal/domain";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { setCookie } from "../../../lib/cookies";
import { recordRequests, sentKeys, server } from "../../../testing/msw-server";
import { renderWithProviders } from "../../../testing/test-utils";
import { EXPORT_POLL_MS } from "../api/get-current-export";
import {
  CURRENT_EXPORT_PATH,
  currentExportFailing,
  currentExportHandler,
  dataExport,
  EXPORTS_PATH,
  MEMBER_PASSWORD,
  readyExport,
  requestExportHandler,
  requestExportRefused,
} from "../testing/handlers";
import { DataExportSection } from "./data-export-section";

// The clock stands at 2026-11-20 12:00:30 UTC (14:00:30 in the scheme's zone), just after the
// handlers' archive was asked for; the polling's two seconds are moved on by hand.

const NOW = new Date("2026-11-20T12:00:30.000Z");
/** When the daily limit allows the next archive: 2026-11-21 14:00 in the scheme's zone. */
const NEXT_DAY = "2026-11-21T12:00:00.000Z";

const prepareButton = () => screen.getByRole("button", { name: "Prepare my download" });
const statusLine = () =>
  screen.getByText((_, element) => element?.getAttribute("role") === "status" && element.tagName === "P");

/** Gives the password and presses "Prepare my download", as the member does. */
async function prepareWithPassword(user: ReturnType<typeof userEvent.setup>, password = MEMBER_PASSWORD) {
  await user.type(await screen.findByLabelText("Your password"), password);
  await user.click(prepareButton());
}

function renderSection() {
  const sent = recordRequests();
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  renderWithProviders(<DataExportSection />, { route: "/my-data" });
  return { sent, user };
}

const currentGets = (sent: Parameters<typeof sentKeys>[0]) =>
  sentKeys(sent).filter((key) => key === `GET ${CURRENT_EXPORT_PATH}`).length;

async function pollOnce() {
  await act(() => vi.advanceTimersByTimeAsync(EXPORT_POLL_MS));
}

describe("DataExportSection", () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.setSystemTime(NOW);
    setCookie("XSRF-TOKEN", "token-7");
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("explains what the archive holds, how it is prepared, how long it is offered and how often", async () => {
    server.use(currentExportHandler({ export: null, nextAllowedAt: null }));
    renderSection();
    const section = screen.getByRole("region", { name: "Download all my data" });
    expect(within(section).getByRole("status")).toHaveTextContent("Checking on your data download...");
    expect(await within(section).findByRole("button", { name: "Prepare my download" })).toHaveAttribute(
      "aria-disabled",
      "false",
    );
    for (const words of [
      "index.html",
      "a JSON file for each kind of record",
      "the mails sent to you",
      "the attachments you sent with your queries, your documents, the replies you received and the files sent with them",
      "prepared in the background",
      "we send you an email when it is ready",
      "offered here for 7 days",
      "one download a day",
    ]) {
      expect(section).toHaveTextContent(words);
    }
    expect(within(section).queryByRole("progressbar")).toBeNull();
    expect(within(section).queryByRole("link")).toBeNull();
    expect(within(section).queryByRole("alert")).toBeNull();
  });

  it("prepares the download: asks with the anti-forgery header, shows the progress while polling, then the link, and stops polling", async () => {
    const preparing = (done: number) => ({
      export: dataExport({ status: "RUNNING", progress: { done, total: 10 } }),
      nextAllowedAt: NEXT_DAY,
    });
    server.use(
      currentExportHandler({ export: null, nextAllowedAt: null }, preparing(3), preparing(8), {
        export: readyExport,
        nextAllowedAt: NEXT_DAY,
      }),
      requestExportHandler(),
    );
    const { sent, user } = renderSection();
    await prepareWithPassword(user);

    // Queued, then (the answer asked for at once) 3 of 10.
    await waitFor(() =>
      expect(screen.getByRole("progressbar", { name: "Progress of your data download" })).toHaveAttribute(
        "aria-valuenow",
        "3",
      ),
    );
    const bar = screen.getByRole("progressbar");
    expect(bar).toHaveAttribute("aria-valuemin", "0");
    expect(bar).toHaveAttribute("aria-valuemax", "10");
    expect(bar).toHaveAttribute("aria-valuetext", "3 of 10 records and files written");
    expect(statusLine()).toHaveTextContent("Your data download is being prepared.");
    // Pressed, the button keeps focus, unavailable with its reason.
    expect(prepareButton()).toHaveFocus();
    expect(prepareButton()).toHaveAttribute("aria-disabled", "true");
    expect(prepareButton()).toHaveAccessibleDescription("You can ask for another once this one is ready.");

    const post = sent.find((entry) => entry.key === `POST ${EXPORTS_PATH}`);
    expect(post?.request.headers.get(XSRF_HEADER)).toBe("token-7");
    expect(post?.request.headers.get("content-type")).toBe("application/json");
    expect(JSON.parse((await post?.request.text()) ?? "")).toEqual({ currentPassword: MEMBER_PASSWORD });
    // Asked for, the password is not kept on the page (nor is the field, while it is prepared).
    expect(screen.queryByLabelText("Your password")).toBeNull();

    await pollOnce();
    await waitFor(() => expect(screen.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "8"));

    await pollOnce();
    const link = await screen.findByRole("link", { name: "Download my data (zip, 1.5 KB)" });
    expect(link).toHaveAttribute("href", "/api/my-data/exports/7/download");
    expect(link).toHaveAttribute("download");
    expect(screen.getByText("Available until 2026-11-27 14:01.")).toBeInTheDocument();
    expect(statusLine()).toHaveTextContent("Your data download is ready.");
    expect(screen.queryByRole("progressbar")).toBeNull();
    // One a day: the next from tomorrow.
    expect(prepareButton()).toHaveAttribute("aria-disabled", "true");
    expect(prepareButton()).toHaveAccessibleDescription(
      "You can ask for one data download a day: the next from 2026-11-21 14:00.",
    );

    expect(sentKeys(sent)).toEqual([
      `GET ${CURRENT_EXPORT_PATH}`,
      `POST ${EXPORTS_PATH}`,
      `GET ${CURRENT_EXPORT_PATH}`,
      `GET ${CURRENT_EXPORT_PATH}`,
      `GET ${CURRENT_EXPORT_PATH}`,
    ]);
    // Ready: nothing changes until the member acts, so nothing more is asked.
    await pollOnce();
    await pollOnce();
    expect(currentGets(sent)).toBe(4);
  });

  it("asks for the password first: a labelled field whose error is shown beside it, announced, and asks nothing of the server until it is given", async () => {
    const none = { export: null, nextAllowedAt: null };
    // Asked again after each answer of the POST: after the wrong password still none.
    server.use(
      currentExportHandler(none, none, { export: dataExport(), nextAllowedAt: NEXT_DAY }),
      requestExportHandler(),
    );
    const { sent, user } = renderSection();
    const field = await screen.findByLabelText("Your password");
    expect(field).toHaveAttribute("type", "password");
    expect(field).toHaveAttribute("autocomplete", "current-password");
    expect(field).toHaveAccessibleDescription(
      "For your safety, enter your password again: the download holds all your information.",
    );
    expect(field).not.toHaveAttribute("aria-invalid");

    // None given: said beside the field, at once, and nothing sent.
    await user.click(prepareButton());
    const missing = await screen.findByText("Enter your password to prepare your download.");
    expect(missing).toHaveAttribute("role", "alert");
    expect(field).toHaveAttribute("aria-invalid", "true");
    expect(field).toHaveAccessibleDescription(
      `${"For your safety, enter your password again: the download holds all your information."} ${"Enter your password to prepare your download."}`,
    );
    expect(field).toHaveFocus();
    expect(sentKeys(sent).filter((key) => key === `POST ${EXPORTS_PATH}`)).toHaveLength(0);

    // A wrong one: the server's refusal, in the page's words, beside the field; focus back on it.
    await user.type(field, "Not-my-password");
    await user.click(prepareButton());
    expect(await screen.findByText("The password you entered is not correct.")).toHaveAttribute(
      "role",
      "alert",
    );
    expect(screen.queryByText("Enter your password to prepare your download.")).toBeNull();
    expect(field).toHaveAttribute("aria-invalid", "true");
    expect(field).toHaveFocus();
    expect(field).toHaveValue("");
    // The field's own error, not a second alert under the button.
    expect(screen.getAllByRole("alert")).toHaveLength(1);
    expect(statusLine().textContent).toBe("");

    // The right one: asked for.
    await user.type(field, MEMBER_PASSWORD);
    await user.keyboard("{Enter}");
    await waitFor(() =>
      expect(statusLine()).toHaveTextContent("Your data download is waiting to be prepared."),
    );
    expect(screen.queryByRole("alert")).toBeNull();
    expect(sentKeys(sent).filter((key) => key === `POST ${EXPORTS_PATH}`)).toHaveLength(2);
  });

  it("shows the server's sentence when one was asked for within the day, and the button's reason", async () => {
    const sentence =
      "You asked for a download of your data at 09:12 today. You can ask again after 09:12 tomorrow.";
    server.use(
      currentExportHandler(
        { export: readyExport, nextAllowedAt: null },
        // Asked for from another device meanwhile: the refused press brings the limit.
        { export: readyExport, nextAllowedAt: NEXT_DAY },
      ),
      requestExportRefused(429, sentence),
    );
    const { user } = renderSection();
    await prepareWithPassword(user);
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent(sentence);
    expect(alert).toHaveClass("alert-danger");
    await waitFor(() => expect(prepareButton()).toHaveAttribute("aria-disabled", "true"));
    expect(prepareButton()).toHaveAccessibleDescription(
      "You can ask for one data download a day: the next from 2026-11-21 14:00.",
    );
    // The archive there is still offered.
    expect(screen.getByRole("link", { name: "Download my data (zip, 1.5 KB)" })).toBeInTheDocument();
  });

  it("shows the server's sentence when one is already being prepared, and then its progress", async () => {
    const sentence = "A download of your data is already being prepared.";
    server.use(
      currentExportHandler(
        { export: null, nextAllowedAt: null },
        {
          export: dataExport({ status: "RUNNING", progress: { done: 2, total: 5 } }),
          nextAllowedAt: NEXT_DAY,
        },
      ),
      requestExportRefused(409, sentence),
    );
    const { user } = renderSection();
    await prepareWithPassword(user);
    expect(await screen.findByRole("alert")).toHaveTextContent(sentence);
    await waitFor(() => expect(screen.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "2"));
  });

  it("shows a queued archive as waiting to start, polling, with the button unavailable", async () => {
    server.use(currentExportHandler({ export: dataExport(), nextAllowedAt: NEXT_DAY }));
    const { sent } = renderSection();
    const bar = await screen.findByRole("progressbar", { name: "Progress of your data download" });
    expect(bar).not.toHaveAttribute("aria-valuenow");
    expect(bar).toHaveAttribute("aria-valuetext", "Waiting to start");
    expect(statusLine()).toHaveTextContent("Your data download is waiting to be prepared.");
    expect(prepareButton()).toHaveAttribute("aria-disabled", "true");
    await pollOnce();
    await waitFor(() => expect(currentGets(sent)).toBe(2));
  });

  it("offers to try again when the archive failed, and another once it has expired", async () => {
    server.use(currentExportHandler({ export: dataExport({ status: "FAILED" }), nextAllowedAt: null }));
    const { user } = renderSection();
    expect(
      await screen.findByText("We could not prepare your data download. Please try again."),
    ).toBeInTheDocument();
    expect(prepareButton()).toHaveAttribute("aria-disabled", "false");
    expect(screen.queryByRole("link")).toBeNull();

    server.use(
      currentExportHandler({ export: { ...readyExport, status: "EXPIRED" }, nextAllowedAt: null }),
      requestExportHandler(),
    );
    await prepareWithPassword(user);
    expect(
      await screen.findByText(
        "Your last data download was offered for 7 days and has been removed. You can prepare another.",
      ),
    ).toBeInTheDocument();
    expect(prepareButton()).toHaveAttribute("aria-disabled", "false");
    expect(screen.queryByRole("link")).toBeNull();
  });

  it("takes the link away when the archive's 7 days end, and gives the button back when the day's limit ends", async () => {
    vi.setSystemTime(new Date("2026-11-27T12:00:30.000Z"));
    server.use(currentExportHandler({ export: readyExport, nextAllowedAt: "2026-11-27T12:01:30.000Z" }));
    renderSection();
    expect(await screen.findByRole("link", { name: /Download my data/ })).toBeInTheDocument();
    expect(prepareButton()).toHaveAttribute("aria-disabled", "true");

    await act(() => vi.advanceTimersByTimeAsync(31_000));
    expect(screen.queryByRole("link")).toBeNull();
    expect(statusLine()).toHaveTextContent(
      "Your last data download was offered for 7 days and has been removed. You can prepare another.",
    );
    expect(prepareButton()).toHaveAttribute("aria-disabled", "true");

    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(prepareButton()).toHaveAttribute("aria-disabled", "false");
    expect(prepareButton()).not.toHaveAccessibleDescription();
  });

  it("shows a red alert when the download's state cannot be loaded, and still offers the button", async () => {
    server.use(currentExportFailing());
    renderSection();
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("We could not check on your data download. Please try again later.");
    expect(alert).not.toHaveTextContent("boom");
    expect(prepareButton()).toHaveAttribute("aria-disabled", "false");
  });
});
