import { createQueryResponseSchema, ERROR_MESSAGES, REPLY_PROMISES } from "@portal/domain";
import { act, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { setCookie } from "../../../lib/cookies";
import { type FakeUploadRequest, formEntries, pdf, stubUploads } from "../../../testing/fake-upload";
import { renderWithProviders } from "../../../testing/test-utils";
import { UpdateQueryForm } from "./update-query-form";

const details = () => screen.getByLabelText("Query details");
const sendUpdate = () => screen.getByRole("button", { name: /Send Update/ });

describe("UpdateQueryForm", () => {
  let uploads: FakeUploadRequest[];
  beforeEach(() => {
    uploads = stubUploads();
    setCookie("XSRF-TOKEN", "token-9");
  });

  it("asks for details before sending anything", async () => {
    renderWithProviders(<UpdateQueryForm referenceNumber={300001} routeOrigin="default" />);
    await userEvent.click(sendUpdate());
    expect(await screen.findByText("Please enter any additional information")).toBeInTheDocument();
    expect(details()).toHaveAttribute("aria-invalid", "true");
    expect(uploads).toHaveLength(0);
  });

  it("sends query, origin and files to the portal path, with progress, then shows the new reference", async () => {
    const user = userEvent.setup();
    renderWithProviders(<UpdateQueryForm referenceNumber={300001} routeOrigin="default" />);
    await user.type(details(), "Here is the corrected invoice.");
    expect(screen.getByText("30 / 20000 characters")).toBeInTheDocument();
    await user.upload(screen.getByLabelText("Attachments"), pdf("corrected.pdf"));
    await user.click(sendUpdate());

    const [request] = uploads;
    expect(request?.method).toBe("POST");
    expect(request?.url).toBe("/portal/api/das-mp/smart-inquiry-api/member-queries/300001");
    expect(formEntries(request?.body)).toEqual([
      ["query", "Here is the corrected invoice."],
      ["origin", "MEMBER_WEB"],
      ["files", "file:corrected.pdf"],
    ]);
    expect(request?.headers.get("X-XSRF-TOKEN")).toBe("token-9");
    expect(request?.headers.get("Idempotency-Key")).toBeTruthy();
    expect(sendUpdate()).toBeDisabled();
    act(() => request?.reportProgress(1, 4));
    expect(screen.getByRole("progressbar", { name: "Sending your update" })).toHaveAttribute("value", "25");

    act(() => request?.answerJson(createQueryResponseSchema, { referenceNumber: 300042 }));
    expect(await screen.findByText(REPLY_PROMISES.update)).toBeInTheDocument();
    expect(screen.getByTestId("update-success")).toHaveTextContent("Your new reference number is 300042.");
  });

  it("keeps the details and files after a failure, and retries with the same key", async () => {
    const user = userEvent.setup();
    renderWithProviders(<UpdateQueryForm referenceNumber={300001} routeOrigin="default" />);
    await user.type(details(), "Please look again.");
    await user.upload(screen.getByLabelText("Attachments"), pdf("letter.pdf"));
    await user.click(sendUpdate());
    act(() => uploads[0]?.answerError(503, "INTERNAL_ERROR", "down"));

    expect(await screen.findByRole("alert")).toHaveTextContent(ERROR_MESSAGES.update);
    expect(details()).toHaveValue("Please look again.");
    expect(screen.getByText("letter.pdf")).toBeInTheDocument();

    await user.click(sendUpdate());
    expect(uploads[1]?.headers.get("Idempotency-Key")).toBe(uploads[0]?.headers.get("Idempotency-Key"));
  });

  it("shows the attachment sentence when the server refuses the files", async () => {
    const user = userEvent.setup();
    renderWithProviders(<UpdateQueryForm referenceNumber={300001} routeOrigin="default" />);
    await user.type(details(), "With a file.");
    await user.click(sendUpdate());
    act(() => uploads[0]?.answerError(415, "ATTACHMENT_RULE", ERROR_MESSAGES.attachmentRule));
    expect(await screen.findByRole("alert")).toHaveTextContent(ERROR_MESSAGES.attachmentRule);
  });
});
