import type { CannedReplyValues } from "@portal/domain";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { http } from "msw";
import { describe, expect, it, vi } from "vitest";
import {
  CANNED_REPLIES_PATH,
  cannedRepliesHandler,
  cannedReply,
} from "../../../testing/console/console-handlers";
import { errorJson } from "../../../testing/contract-json";
import { server } from "../../../testing/msw-server";
import { renderWithProviders } from "../../../testing/test-utils";
import { CannedReplyPicker } from "./canned-reply-picker";

const values: CannedReplyValues = { firstName: "Zanele", referenceNumber: 300001, dueDate: "2026-11-24" };

function setup(list = [cannedReply(), cannedReply({ id: 4, title: "Thanks", html: "<p>Thank you.</p>" })]) {
  server.use(cannedRepliesHandler(() => list));
  const onInsert = vi.fn<(html: string, title: string) => void>();
  const view = renderWithProviders(<CannedReplyPicker values={values} onInsert={onInsert} />);
  return { ...view, onInsert, user: userEvent.setup() };
}

describe("CannedReplyPicker", () => {
  it("lists the canned replies by title and inserts the chosen one, its placeholders filled", async () => {
    const { user, onInsert } = setup();
    const select = await screen.findByLabelText("Canned reply");
    expect([...(select as HTMLSelectElement).options].map((option) => option.textContent)).toEqual([
      "Choose a canned reply",
      "Claim being checked",
      "Thanks",
    ]);
    await user.click(screen.getByRole("button", { name: "Insert" }));
    expect(screen.getByText("Choose a canned reply first.")).toBeInTheDocument();
    expect(select).toHaveAccessibleDescription("Choose a canned reply first.");
    expect(onInsert).not.toHaveBeenCalled();

    await user.selectOptions(select, "Claim being checked");
    await user.click(screen.getByRole("button", { name: "Insert" }));
    expect(onInsert).toHaveBeenCalledWith(
      "<p>Dear Zanele</p><p>We are checking query 300001 and will answer by 2026-11-24.</p>",
      "Claim being checked",
    );
    expect(screen.queryByText("Choose a canned reply first.")).toBeNull();
  });

  it("inserts a member's name as text, and leaves {{dueDate}} when no reply is owed", async () => {
    server.use(cannedRepliesHandler(() => [cannedReply()]));
    const onInsert = vi.fn<(html: string, title: string) => void>();
    const user = userEvent.setup();
    renderWithProviders(
      <CannedReplyPicker
        values={{ firstName: "<img src=x onerror=alert(1)>", referenceNumber: 300001, dueDate: null }}
        onInsert={onInsert}
      />,
    );
    await user.selectOptions(await screen.findByLabelText("Canned reply"), "Claim being checked");
    await user.click(screen.getByRole("button", { name: "Insert" }));
    expect(onInsert).toHaveBeenCalledWith(
      "<p>Dear &lt;img src=x onerror=alert(1)&gt;</p><p>We are checking query 300001 and will answer by {{dueDate}}.</p>",
      "Claim being checked",
    );
  });

  it("says when there are none yet", async () => {
    setup([]);
    expect(await screen.findByText("There are no canned replies yet.")).toBeInTheDocument();
    expect(screen.queryByLabelText("Canned reply")).toBeNull();
  });

  it("says when they cannot be loaded", async () => {
    server.use(http.get(CANNED_REPLIES_PATH, () => errorJson(500, "INTERNAL_ERROR")));
    renderWithProviders(<CannedReplyPicker values={values} onInsert={() => undefined} />);
    expect(await screen.findByRole("alert")).toHaveTextContent("The canned replies could not be loaded.");
  });
});
