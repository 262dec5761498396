import { CANNED_REPLY_LIMITS, type CannedReply } from "@portal/domain";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { http } from "msw";
import { describe, expect, it } from "vitest";
import {
  CANNED_REPLIES_PATH,
  cannedRepliesHandler,
  cannedReply,
  noContent,
  supervisor,
} from "../../../testing/console/console-handlers";
import { errorJson } from "../../../testing/contract-json";
import { recordRequests, type SentRequest, sentKeys, server } from "../../../testing/msw-server";
import { cannedReplyJson } from "../testing/handlers";
import { renderConsole } from "../testing/render-console";

const LIST = `GET ${CANNED_REPLIES_PATH}`;

function setup(initial: CannedReply[] = [cannedReply()]) {
  let list = initial;
  server.use(
    cannedRepliesHandler(() => list),
    http.post(CANNED_REPLIES_PATH, async ({ request }) => {
      const body = (await request.json()) as { title: string; html: string };
      const saved = cannedReply({ id: 10, ...body, updatedAt: "2026-11-24T09:00:00.000Z" });
      list = [...list, saved];
      return cannedReplyJson(saved, 201);
    }),
    http.put(`${CANNED_REPLIES_PATH}/:id`, async ({ params, request }) => {
      const body = (await request.json()) as { title: string; html: string };
      const saved = cannedReply({ id: Number(params.id), ...body, updatedAt: "2026-11-24T09:00:00.000Z" });
      list = list.map((reply) => (reply.id === saved.id ? saved : reply));
      return cannedReplyJson(saved);
    }),
    http.delete(`${CANNED_REPLIES_PATH}/:id`, ({ params }) => {
      list = list.filter((reply) => reply.id !== Number(params.id));
      return noContent();
    }),
  );
  const sent = recordRequests();
  const view = renderConsole("/console/canned-replies", { person: supervisor });
  return { ...view, sent, user: userEvent.setup() };
}

async function bodyOf(sent: SentRequest[], key: string): Promise<unknown> {
  const request = sent.find((entry) => entry.key === key)?.request;
  if (!request) throw new Error(`${key} was not sent`);
  return request.json();
}

const addForm = () => screen.getByRole("form", { name: "Add a canned reply" });
const item = (title: string) => screen.getByRole("article", { name: title });

describe("the canned replies page", () => {
  it("explains the placeholders and lists the replies as the member would see them", async () => {
    setup([
      cannedReply(),
      cannedReply({
        id: 4,
        title: "Thanks",
        html: '<p>Thank <strong>you</strong>.</p><img src="x" onerror="alert(1)">',
      }),
    ]);
    expect(screen.getByRole("heading", { level: 1, name: "Canned replies" })).toHaveFocus();
    const placeholders = screen.getByRole("region", { name: "Placeholders" });
    expect(placeholders).toHaveTextContent("{{firstName}}The member's first name.");
    expect(placeholders).toHaveTextContent("{{referenceNumber}}The conversation's reference number.");
    expect(placeholders).toHaveTextContent(/\{\{dueDate\}\}The day the reply is due/);
    const thanks = await screen.findByRole("article", { name: "Thanks" });
    expect(within(thanks).getByText("you").tagName).toBe("STRONG");
    expect(thanks.querySelector("img, [onerror]")).toBeNull();
    expect(thanks).toHaveTextContent(/Last changed 2026-11-20 \d\d:\d\d/);
    expect(item("Claim being checked")).toHaveTextContent(
      "Dear {{firstName}}We are checking query {{referenceNumber}} and will answer by {{dueDate}}.",
    );
  });

  it("adds one: both fields required, the text's paragraphs kept", async () => {
    const { sent, user } = setup();
    await screen.findByRole("article", { name: "Claim being checked" });
    const form = addForm();
    await user.click(within(form).getByRole("button", { name: "Add canned reply" }));
    expect(within(form).getByLabelText("Title")).toHaveAccessibleDescription(
      "Please give the reply a title.",
    );
    expect(within(form).getByText("Please write the reply.")).toBeInTheDocument();
    expect(sentKeys(sent)).not.toContain(`POST ${CANNED_REPLIES_PATH}`);

    await user.type(within(form).getByLabelText("Title"), "Documents received");
    await user.type(
      within(form).getByLabelText("Text"),
      "Dear {{{{firstName}}{Enter}{Enter}We have your documents & will reply by {{{{dueDate}}.{Enter}Regards",
    );
    await user.click(within(form).getByRole("button", { name: "Add canned reply" }));
    expect(await screen.findByText("“Documents received” is added.")).toBeInTheDocument();
    expect(await bodyOf(sent, `POST ${CANNED_REPLIES_PATH}`)).toEqual({
      title: "Documents received",
      html: "<p>Dear {{firstName}}</p><p>We have your documents &amp; will reply by {{dueDate}}.<br>Regards</p>",
    });
    expect(within(addForm()).getByLabelText("Title")).toHaveValue("");
    expect(await screen.findByRole("article", { name: "Documents received" })).toBeInTheDocument();
    expect(sentKeys(sent).filter((key) => key === LIST)).toHaveLength(2);
  });

  it("changes one, its text shown as written, and goes back to its Edit button", async () => {
    const { sent, user } = setup();
    await user.click(await screen.findByRole("button", { name: "Edit Claim being checked" }));
    const form = within(item("Claim being checked")).getByRole("form", {
      name: "Change “Claim being checked”",
    });
    const title = within(form).getByLabelText("Title");
    expect(title).toHaveFocus();
    expect(within(form).getByLabelText("Text")).toHaveValue(
      "Dear {{firstName}}\n\nWe are checking query {{referenceNumber}} and will answer by {{dueDate}}.",
    );
    expect(within(form).queryByText(/cannot keep/)).toBeNull();
    await user.clear(title);
    await user.type(title, "Claim checked");
    await user.click(within(form).getByRole("button", { name: "Save" }));
    expect(await screen.findByText("“Claim checked” is saved.")).toBeInTheDocument();
    expect(await bodyOf(sent, `PUT ${CANNED_REPLIES_PATH}/3`)).toEqual({
      title: "Claim checked",
      html: "<p>Dear {{firstName}}</p><p>We are checking query {{referenceNumber}} and will answer by {{dueDate}}.</p>",
    });
    await waitFor(() => expect(screen.getByRole("button", { name: "Edit Claim checked" })).toHaveFocus());
  });

  it("warns before a change that would lose a reply's formatting; Cancel changes nothing", async () => {
    const { sent, user } = setup([cannedReply({ html: "<p>Your claim is <strong>paid</strong>.</p>" })]);
    await user.click(await screen.findByRole("button", { name: "Edit Claim being checked" }));
    const form = within(item("Claim being checked")).getByRole("form");
    expect(within(form).getByText(/has formatting .* that this text box cannot keep/)).toHaveClass(
      "alert-warning",
    );
    expect(within(form).getByLabelText("Text")).toHaveValue("Your claim is paid.");
    await user.click(within(form).getByRole("button", { name: "Cancel" }));
    expect(screen.getByRole("button", { name: "Edit Claim being checked" })).toHaveFocus();
    expect(sentKeys(sent).filter((key) => key.startsWith("PUT"))).toEqual([]);
  });

  it("deletes one only after a confirmation, which can be cancelled", async () => {
    const { sent, user } = setup([
      cannedReply(),
      cannedReply({ id: 4, title: "Thanks", html: "<p>Thanks.</p>" }),
    ]);
    await user.click(await screen.findByRole("button", { name: "Delete Thanks" }));
    const confirm = within(item("Thanks")).getByRole("button", { name: "Delete canned reply" });
    expect(confirm).toHaveFocus();
    expect(confirm).toHaveAccessibleDescription("Delete “Thanks”? Agents can no longer insert it.");
    await user.click(within(item("Thanks")).getByRole("button", { name: "Cancel" }));
    expect(screen.getByRole("button", { name: "Delete Thanks" })).toHaveFocus();

    await user.click(screen.getByRole("button", { name: "Delete Thanks" }));
    await user.click(within(item("Thanks")).getByRole("button", { name: "Delete canned reply" }));
    expect(await screen.findByText("“Thanks” is deleted.")).toBeInTheDocument();
    expect(sentKeys(sent)).toContain(`DELETE ${CANNED_REPLIES_PATH}/4`);
    await waitFor(() => expect(screen.queryByRole("article", { name: "Thanks" })).toBeNull());
    expect(screen.getByRole("heading", { level: 2, name: "The canned replies" })).toHaveFocus();
  });

  it("says why a save failed", async () => {
    const { user } = setup();
    server.use(http.post(CANNED_REPLIES_PATH, () => errorJson(403, "FORBIDDEN")));
    await screen.findByRole("article", { name: "Claim being checked" });
    await user.type(within(addForm()).getByLabelText("Title"), "New");
    await user.type(within(addForm()).getByLabelText("Text"), "Text");
    await user.click(within(addForm()).getByRole("button", { name: "Add canned reply" }));
    expect(await within(addForm()).findByRole("alert")).toHaveTextContent(
      "You do not have permission to do this.",
    );
  });

  it("says when there are none yet, and offers adding the first", async () => {
    setup([]);
    expect(await screen.findByText("No canned replies yet.")).toBeInTheDocument();
    expect(addForm()).toBeInTheDocument();
  });

  it(`offers no adding once there are ${CANNED_REPLY_LIMITS.maxCount}`, async () => {
    setup(
      Array.from({ length: CANNED_REPLY_LIMITS.maxCount }, (_, index) =>
        cannedReply({ id: index + 1, title: `Reply ${index + 1}` }),
      ),
    );
    expect(await screen.findByText(/as many as there may be/)).toBeInTheDocument();
    expect(screen.queryByRole("form", { name: "Add a canned reply" })).toBeNull();
  });
});
