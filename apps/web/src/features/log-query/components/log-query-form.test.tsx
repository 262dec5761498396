import { createQueryResponseSchema, REPLY_PROMISES } from "@portal/domain";
import { act, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { setCookie } from "../../../lib/cookies";
import { contentFragmentHandlers } from "../../../testing/content-handlers";
import { type FakeUploadRequest, formEntries, pdf, stubUploads } from "../../../testing/fake-upload";
import { memberDetailsHandler, memberWithEmails } from "../../../testing/member-details-handlers";
import { server } from "../../../testing/msw-server";
import { renderWithProviders } from "../../../testing/test-utils";
import { LogQueryForm } from "./log-query-form";

const categorySelect = () => screen.getByLabelText("What do you want to log a query about:");
const emailField = () => screen.getByLabelText("Email");
const detailsField = () => screen.getByLabelText("Query details");
const logAnother = () => screen.queryByRole("button", { name: "Log another query" });

function setup(origin: string) {
  // work@example.com is the member's too: the address chosen is carried over without a question.
  const details = memberWithEmails("ada@example.com", "work@example.com");
  server.use(...contentFragmentHandlers(), memberDetailsHandler(details));
  const uploads = stubUploads();
  const onLogged = vi.fn();
  const user = userEvent.setup();
  renderWithProviders(<LogQueryForm origin={origin} onLogged={onLogged} />);
  return { user, uploads, onLogged };
}

async function sent(uploads: FakeUploadRequest[], count: number): Promise<FakeUploadRequest> {
  await waitFor(() => expect(uploads).toHaveLength(count));
  return uploads[count - 1] as FakeUploadRequest;
}

describe("LogQueryForm: Log another query", () => {
  beforeEach(() => setCookie("XSRF-TOKEN", "token-1"));

  it.each([
    ["default", "OTHER"],
    ["medxpress", "MEDXPRESS_ORDER_QUERY"],
  ])(
    "%s origin: after a success, starts an empty form in its place and sends a second query",
    async (origin, category) => {
      const { user, uploads, onLogged } = setup(origin);
      await waitFor(() => expect(emailField()).toHaveValue("ada@example.com"));
      await user.clear(emailField());
      await user.type(emailField(), "work@example.com");
      await user.selectOptions(categorySelect(), category);
      await user.type(detailsField(), "The first query.");
      await user.upload(screen.getByLabelText("Attachments"), pdf("first.pdf"));
      expect(logAnother()).toBeNull();
      await user.click(screen.getByRole("button", { name: "Send Query" }));
      const first = await sent(uploads, 1);
      act(() => first.answerJson(createQueryResponseSchema, { referenceNumber: 300201 }));

      expect(await screen.findByTestId("query-success")).toHaveTextContent(
        "Your reference number is 300201.",
      );
      await user.click(logAnother() as HTMLElement);

      // A fresh form: nothing of the first query, except the address the member chose, and focus on it.
      expect(screen.queryByTestId("query-success")).toBeNull();
      expect(logAnother()).toBeNull();
      expect(categorySelect()).toHaveValue("");
      expect(categorySelect()).toHaveFocus();
      expect(detailsField()).toHaveValue("");
      expect(emailField()).toHaveValue("work@example.com");
      expect(screen.queryByRole("list", { name: "Chosen attachments" })).toBeNull();
      expect(screen.queryByRole("alert")).toBeNull();

      await user.selectOptions(categorySelect(), category);
      await user.type(detailsField(), "The second query.");
      await user.click(screen.getByRole("button", { name: "Send Query" }));
      const second = await sent(uploads, 2);
      expect(formEntries(second.body)).toContainEqual(["query", "The second query."]);
      expect(formEntries(second.body)).toContainEqual(["email", "work@example.com"]);
      expect(formEntries(second.body).some(([name]) => name === "files")).toBe(false);
      expect(second.headers.get("Idempotency-Key")).not.toBe(first.headers.get("Idempotency-Key"));
      act(() => second.answerJson(createQueryResponseSchema, { referenceNumber: 300202 }));
      expect(await screen.findByTestId("query-success")).toHaveTextContent(
        "Your reference number is 300202.",
      );
      expect(onLogged.mock.calls).toEqual([[{ referenceNumber: 300201 }], [{ referenceNumber: 300202 }]]);
    },
  );

  it("asks again on the next form about an address outside the member's details", async () => {
    const { user, uploads } = setup("default");
    const box = () =>
      screen.getByRole("checkbox", {
        name: "Yes, send the reply to ada@exmaple.com. It is not an address we hold for you.",
      });
    await waitFor(() => expect(emailField()).toHaveValue("ada@example.com"));
    await user.clear(emailField());
    await user.type(emailField(), "ada@exmaple.com");
    await user.click(box());
    await user.selectOptions(categorySelect(), "OTHER");
    await user.type(detailsField(), "The first query.");
    await user.click(screen.getByRole("button", { name: "Send Query" }));
    const first = await sent(uploads, 1);
    act(() => first.answerJson(createQueryResponseSchema, { referenceNumber: 300203 }));
    await user.click((await screen.findByRole("button", { name: "Log another query" })) as HTMLElement);
    // One confirmation, one query: the next one starts with the address and the question again.
    expect(emailField()).toHaveValue("ada@exmaple.com");
    expect(box()).not.toBeChecked();
  });

  it("offers no second form while the first is still being sent or after a failure", async () => {
    const { user, uploads } = setup("default");
    await waitFor(() => expect(emailField()).toHaveValue("ada@example.com"));
    await user.selectOptions(categorySelect(), "OTHER");
    await user.type(detailsField(), "A query.");
    await user.click(screen.getByRole("button", { name: "Send Query" }));
    const request = await sent(uploads, 1);
    expect(logAnother()).toBeNull();
    act(() => request.answerError(500, "INTERNAL_ERROR"));
    await screen.findByRole("alert");
    expect(logAnother()).toBeNull();
    expect(screen.queryByText(REPLY_PROMISES.newQuery)).toBeNull();
  });
});
