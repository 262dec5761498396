import {
  ADDITIONAL_EMAIL_TOOLTIP_FRAGMENT,
  createQueryResponseSchema,
  ERROR_MESSAGES,
  MEDXPRESS_TURNAROUND_FRAGMENT,
  REPLY_PROMISES,
  TIMELINE_NOTE,
  VALIDATION_MESSAGES,
} from "@portal/domain";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { paths } from "../../../config/paths";
import { setCookie } from "../../../lib/cookies";
import { announceSessionResumed } from "../../../lib/session-events";
import { contentFragmentHandlers, fragmentText } from "../../../testing/content-handlers";
import { type FakeUploadRequest, formEntries, pdf, stubUploads } from "../../../testing/fake-upload";
import {
  memberDetailsFailing,
  memberDetailsHandler,
  memberWithEmails,
} from "../../../testing/member-details-handlers";
import { recordRequests, sentKeys, server } from "../../../testing/msw-server";
import { renderWithProviders } from "../../../testing/test-utils";
import { DefaultQueryForm } from "./default-query-form";

const categorySelect = () => screen.getByLabelText("What do you want to log a query about:");
const subCategorySelect = () => screen.queryByLabelText("Query category");
const emailField = () => screen.getByLabelText("Email");
const ccEmailField = () => screen.getByLabelText("Additional Email address(optional):");
const detailsField = () => screen.queryByLabelText("Query details");
const sendButton = () => screen.queryByRole("button", { name: "Send Query" });

type WindowWithDataLayer = Window & { dataLayer?: unknown[] };

function setup({ addresses = ["ada@example.com"] }: { addresses?: string[] } = {}) {
  server.use(...contentFragmentHandlers(), memberDetailsHandler(memberWithEmails(...addresses)));
  const sent = recordRequests();
  const uploads = stubUploads();
  const onLogged = vi.fn();
  const user = userEvent.setup();
  renderWithProviders(<DefaultQueryForm onLogged={onLogged} />);
  return { user, sent, uploads, onLogged };
}

/** Fills a valid OTHER query (no subcategory needed) once the e-mail was prefilled. */
async function fillValidQuery(user: ReturnType<typeof userEvent.setup>, details = "My claim was not paid.") {
  await waitFor(() => expect(emailField()).toHaveValue("ada@example.com"));
  await user.selectOptions(categorySelect(), "OTHER");
  await user.type(detailsField() as HTMLElement, details);
}

async function sentUpload(uploads: FakeUploadRequest[], count = 1): Promise<FakeUploadRequest> {
  await waitFor(() => expect(uploads).toHaveLength(count));
  return uploads[count - 1] as FakeUploadRequest;
}

describe("DefaultQueryForm: fields and visibility", () => {
  it("starts with the category select, e-mails, details, attachments and Send Query, without a subcategory", () => {
    setup();
    expect(categorySelect()).toHaveValue("");
    expect(
      within(categorySelect())
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual([
      "Choose a category",
      "Medical claims",
      "Benefits and cover",
      "Chronic conditions and cancer",
      "Manage plan",
      "Other",
    ]);
    expect(subCategorySelect()).toBeNull();
    expect(ccEmailField()).toBeInTheDocument();
    expect(detailsField()).toBeInTheDocument();
    expect(screen.getByLabelText("Attachments")).toHaveAttribute("type", "file");
    expect(sendButton()).toBeEnabled();
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("prefills the e-mail with the member's first address, asking for member details", async () => {
    const { sent } = setup({ addresses: ["first@example.com", "second@example.com"] });
    await waitFor(() => expect(emailField()).toHaveValue("first@example.com"));
    expect(sentKeys(sent)).toContain(
      "GET /api/member-details/v2/member-details?emergencyContacts=false&dependents=false&addresses=true",
    );
  });

  it("leaves the e-mail empty when the member has no address", async () => {
    const { sent } = setup({ addresses: [] });
    await waitFor(() => expect(sentKeys(sent).some((key) => key.includes("member-details"))).toBe(true));
    expect(emailField()).toHaveValue("");
  });

  it("leaves the e-mail empty, and the form usable, when the member's details cannot be loaded", async () => {
    server.use(...contentFragmentHandlers(), memberDetailsFailing());
    const sent = recordRequests();
    renderWithProviders(<DefaultQueryForm />);
    await waitFor(() => expect(sentKeys(sent).some((key) => key.includes("member-details"))).toBe(true));
    expect(emailField()).toHaveValue("");
    expect(screen.queryByRole("alert")).toBeNull();
    expect(sendButton()).toBeEnabled();
  });

  it("shows the category's help and asks for a subcategory of that category", async () => {
    const { user } = setup();
    await user.selectOptions(categorySelect(), "MEDICAL_CLAIMS");
    expect(
      await screen.findByText(fragmentText("/fragments/smart-inquiry/categories/medical-claims.html")),
    ).toBeInTheDocument();
    const sub = subCategorySelect() as HTMLSelectElement;
    expect(sub).toHaveValue("");
    expect(
      within(sub)
        .getAllByRole("option")
        .map((option) => option.getAttribute("value")),
    ).toEqual([
      "",
      "CLAIM_NOT_PAID",
      "CLAIM_SHORT_PAID",
      "CLAIM_PAID_INCORRECTLY",
      "CLAIM_NOT_PROCESSED",
      "SUBMIT_A_CLAIM",
      "OTHER",
    ]);
  });

  it("resets the subcategory, untouched, when another category is chosen", async () => {
    const { user } = setup();
    await user.selectOptions(categorySelect(), "BENEFITS_AND_COVER");
    await user.selectOptions(subCategorySelect() as HTMLElement, "LIMITS");
    await user.selectOptions(categorySelect(), "CHRONIC_CONDITIONS_AND_CANCER");
    expect(subCategorySelect()).toHaveValue("");
    expect(
      within(subCategorySelect() as HTMLElement).getByRole("option", { name: "Cover" }),
    ).toBeInTheDocument();
    // A fresh, untouched select: no message yet.
    expect(subCategorySelect()).not.toHaveAttribute("aria-invalid");
    expect(screen.queryByText(VALIDATION_MESSAGES.subCategory)).toBeNull();
  });

  it("resets a subcategory that the next category also has", async () => {
    const { user } = setup();
    await user.selectOptions(categorySelect(), "MEDICAL_CLAIMS");
    await user.selectOptions(subCategorySelect() as HTMLElement, "OTHER");
    await user.selectOptions(categorySelect(), "BENEFITS_AND_COVER");
    expect(subCategorySelect()).toHaveValue("");
  });

  it("does not carry a redirect-only subcategory over to the next category", async () => {
    const { user } = setup();
    await user.selectOptions(categorySelect(), "MEDICAL_CLAIMS");
    await user.selectOptions(subCategorySelect() as HTMLElement, "SUBMIT_A_CLAIM");
    expect(sendButton()).toBeNull();
    await user.selectOptions(categorySelect(), "MANAGE_PLAN");
    expect(sendButton()).toBeInTheDocument();
    expect(screen.queryByTestId("redirect-info")).toBeNull();
  });

  it("hides the subcategory for OTHER, and takes none", async () => {
    const { user } = setup();
    await user.selectOptions(categorySelect(), "MANAGE_PLAN");
    await user.selectOptions(subCategorySelect() as HTMLElement, "UPDATE_BANK_DETAILS");
    await user.selectOptions(categorySelect(), "OTHER");
    expect(subCategorySelect()).toBeNull();
    expect(
      await screen.findByText(fragmentText("/fragments/smart-inquiry/categories/other.html")),
    ).toBeVisible();
  });

  it("shows a subcategory's redirect fragment in an info box and keeps the form", async () => {
    const { user } = setup();
    await user.selectOptions(categorySelect(), "MANAGE_PLAN");
    await user.selectOptions(subCategorySelect() as HTMLElement, "UPDATE_BANK_DETAILS");
    const info = await screen.findByTestId("redirect-info");
    expect(info).toHaveClass("alert", "alert-info");
    expect(
      await within(info).findByText(
        fragmentText("/fragments/smart-inquiry/redirects/manage-plan/update-bank-details.html"),
      ),
    ).toBeInTheDocument();
    expect(detailsField()).toBeInTheDocument();
    expect(sendButton()).toBeInTheDocument();
  });

  it.each([
    ["MEDICAL_CLAIMS", "SUBMIT_A_CLAIM", "medical-claims/submit-a-claim"],
    ["MANAGE_PLAN", "MAKE_ONLINE_PAYMENT", "manage-plan/make-online-payment"],
    ["MANAGE_PLAN", "CHANGE_PLAN", "manage-plan/change-plan"],
    ["MANAGE_PLAN", "FIND_DOCUMENTS", "manage-plan/find-documents"],
  ])(
    "hides details, attachments and send for %s / %s and shows the redirect instead",
    async (category, sub, path) => {
      const { user } = setup();
      await user.selectOptions(categorySelect(), category);
      await user.selectOptions(subCategorySelect() as HTMLElement, sub);
      expect(
        await screen.findByText(fragmentText(`/fragments/smart-inquiry/redirects/${path}.html`)),
      ).toBeInTheDocument();
      expect(screen.getAllByTestId("redirect-info")).toHaveLength(1);
      expect(detailsField()).toBeNull();
      expect(screen.queryByLabelText("Attachments")).toBeNull();
      expect(sendButton()).toBeNull();
      // Back to an ordinary subcategory: the lower part returns.
      await user.selectOptions(subCategorySelect() as HTMLElement, "OTHER");
      expect(detailsField()).toBeInTheDocument();
      expect(sendButton()).toBeInTheDocument();
    },
  );

  it("counts the details towards 20000 characters", async () => {
    const { user } = setup();
    await user.type(detailsField() as HTMLElement, "Twelve chars");
    const count = screen.getByText("12 / 20000 characters");
    expect(detailsField()?.getAttribute("aria-describedby")).toContain(count.id);
  });
});

describe("DefaultQueryForm: additional e-mail tooltip", () => {
  it("is a keyboard-reachable button whose text also describes the field", async () => {
    const { user } = setup();
    const tooltipText = fragmentText(ADDITIONAL_EMAIL_TOOLTIP_FRAGMENT);
    await waitFor(() => expect(ccEmailField()).toHaveAccessibleDescription(tooltipText));
    const button = screen.getByRole("button", { name: "About the additional email address" });
    expect(screen.queryByRole("tooltip")).toBeNull();
    // At least 24 × 24 px to tap (app.css's .icon-button; jsdom measures nothing).
    expect(button).toHaveClass("icon-button");

    await user.click(ccEmailField());
    await user.tab({ shift: true });
    expect(button).toHaveFocus();
    expect(screen.getByRole("tooltip")).toHaveTextContent(tooltipText);
    expect(button).toHaveAttribute("aria-expanded", "true");
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("tooltip")).toBeNull();
    await user.tab();
    expect(ccEmailField()).toHaveFocus();
  });
});

describe("DefaultQueryForm: validation messages", () => {
  it("shows nothing until a field is touched, then its own message only", async () => {
    const { user } = setup();
    await user.click(categorySelect());
    expect(screen.queryByText(VALIDATION_MESSAGES.category)).toBeNull();
    await user.tab();
    const message = await screen.findByText(VALIDATION_MESSAGES.category);
    expect(categorySelect()).toHaveAttribute("aria-invalid", "true");
    expect(categorySelect().getAttribute("aria-describedby")).toContain(message.id);
    expect(screen.queryByText(VALIDATION_MESSAGES.queryDetail)).toBeNull();
  });

  it("shows an e-mail message once the field is changed", async () => {
    const { user } = setup();
    await waitFor(() => expect(emailField()).toHaveValue("ada@example.com"));
    await user.clear(emailField());
    await user.type(emailField(), "ada@");
    expect(await screen.findByText(VALIDATION_MESSAGES.email)).toBeInTheDocument();
    expect(emailField()).toHaveAccessibleDescription(VALIDATION_MESSAGES.email);
    await user.type(emailField(), "example.com");
    await waitFor(() => expect(screen.queryByText(VALIDATION_MESSAGES.email)).toBeNull());
  });

  it("checks the additional e-mail only when one is given", async () => {
    const { user } = setup();
    await user.type(ccEmailField(), "broker");
    await user.tab();
    expect(await screen.findByText(VALIDATION_MESSAGES.ccEmail)).toBeInTheDocument();
    expect(ccEmailField()).toHaveAttribute("aria-invalid", "true");
    await user.clear(ccEmailField());
    await waitFor(() => expect(ccEmailField()).not.toHaveAttribute("aria-invalid"));
  });

  it("marks every field on submit and sends nothing", async () => {
    const { user, uploads } = setup({ addresses: [] });
    await user.click(sendButton() as HTMLElement);
    expect(await screen.findByText(VALIDATION_MESSAGES.category)).toBeInTheDocument();
    expect(screen.getByText(VALIDATION_MESSAGES.email)).toBeInTheDocument();
    expect(screen.getByText(VALIDATION_MESSAGES.queryDetail)).toBeInTheDocument();
    expect(uploads).toHaveLength(0);
  });

  it("requires a subcategory for a category that has them", async () => {
    const { user, uploads } = setup();
    await user.selectOptions(categorySelect(), "MEDICAL_CLAIMS");
    await user.type(detailsField() as HTMLElement, "Please help.");
    await user.click(sendButton() as HTMLElement);
    expect(await screen.findByText(VALIDATION_MESSAGES.subCategory)).toBeInTheDocument();
    expect(subCategorySelect()).toHaveAttribute("aria-invalid", "true");
    expect(categorySelect()).not.toHaveAttribute("aria-invalid");
    expect(uploads).toHaveLength(0);
  });

  it("rejects details of more than 20000 characters, saying the limit beside the spec's sentence", async () => {
    const { user } = setup();
    const details = detailsField() as HTMLElement;
    await user.click(details);
    await user.paste("x".repeat(20001));
    expect(await screen.findByText(VALIDATION_MESSAGES.queryDetail)).toBeInTheDocument();
    expect(screen.getByText("20001 / 20000 characters")).toHaveClass("text-danger");
    const limit = screen.getByText("At most 20000 characters are allowed: please remove 1 character.");
    expect(details.getAttribute("aria-describedby")?.split(" ")).toContain(limit.id);
    await user.paste("yy");
    expect(
      screen.getByText("At most 20000 characters are allowed: please remove 3 characters."),
    ).toBeInTheDocument();
    await user.keyboard("{Backspace}{Backspace}{Backspace}");
    await waitFor(() => expect(screen.queryByText(/At most 20000 characters/)).toBeNull());
    expect(screen.queryByText(VALIDATION_MESSAGES.queryDetail)).toBeNull();
  });

  it("says nothing of the limit when the details are missing", async () => {
    const { user } = setup();
    await user.click(detailsField() as HTMLElement);
    await user.tab();
    expect(await screen.findByText(VALIDATION_MESSAGES.queryDetail)).toBeInTheDocument();
    expect(screen.queryByText(/At most 20000 characters/)).toBeNull();
  });
});

describe("DefaultQueryForm: sending", () => {
  beforeEach(() => setCookie("XSRF-TOKEN", "token-1"));
  afterEach(() => {
    delete (window as WindowWithDataLayer).dataLayer;
  });

  it("posts the multipart form, text fields before files, with the keys and a progress bar", async () => {
    const { user, uploads } = setup();
    await waitFor(() => expect(emailField()).toHaveValue("ada@example.com"));
    await user.selectOptions(categorySelect(), "MEDICAL_CLAIMS");
    await user.selectOptions(subCategorySelect() as HTMLElement, "CLAIM_NOT_PAID");
    await user.type(ccEmailField(), "broker@example.com");
    await user.type(detailsField() as HTMLElement, "  My dentist claim.  ");
    await user.upload(screen.getByLabelText("Attachments"), [pdf("invoice.pdf"), pdf("proof.pdf")]);
    await user.click(sendButton() as HTMLElement);

    const request = await sentUpload(uploads);
    expect(request.method).toBe("POST");
    expect(request.url).toBe("/api/smart-inquiry/member-queries/query-additional-info");
    expect(formEntries(request.body)).toEqual([
      ["subCategory", "CLAIM_NOT_PAID"],
      ["query", "My dentist claim."],
      ["email", "ada@example.com"],
      ["category", "MEDICAL_CLAIMS"],
      ["origin", "MEMBER_WEB"],
      ["ccEmail", "broker@example.com"],
      ["files", "file:invoice.pdf"],
      ["files", "file:proof.pdf"],
    ]);
    expect(request.headers.get("X-XSRF-TOKEN")).toBe("token-1");
    expect(request.headers.get("Idempotency-Key")).toMatch(/^\S{1,128}$/);

    // While sending: a disabled button with a spinner, and the upload's progress.
    const busy = screen.getByRole("button", { name: /Sending\.\.\./ });
    expect(busy).toBeDisabled();
    expect(busy).toHaveTextContent("Send Query");
    act(() => request.reportProgress(512, 2048));
    expect(screen.getByRole("progressbar")).toHaveAttribute("value", "25");
    act(() => request.answerJson(createQueryResponseSchema, { referenceNumber: 300123 }));
    expect(await screen.findByText(REPLY_PROMISES.newQuery)).toBeInTheDocument();
    expect(screen.queryByRole("progressbar")).toBeNull();
  });

  it("shows the success message with the reference, the timeline link and note, and tells the data layer", async () => {
    const { user, uploads, onLogged } = setup();
    delete (window as WindowWithDataLayer).dataLayer;
    await fillValidQuery(user);
    await user.click(sendButton() as HTMLElement);
    const request = await sentUpload(uploads);
    act(() => request.answerJson(createQueryResponseSchema, { referenceNumber: 300124 }));

    const success = await screen.findByTestId("query-success");
    expect(success).toHaveAttribute("role", "status");
    expect(success).toHaveTextContent(REPLY_PROMISES.newQuery);
    expect(success).toHaveTextContent("Your reference number is 300124.");
    // The app's own screen (the memory router writes it without the hash router's "#").
    expect(within(success).getByRole("link", { name: "interaction timeline" })).toHaveAttribute(
      "href",
      paths.interactionTimeline.getHref(),
    );
    expect(success).toHaveTextContent(TIMELINE_NOTE);
    expect(success).toHaveFocus();
    expect(success).not.toHaveTextContent(fragmentText(MEDXPRESS_TURNAROUND_FRAGMENT));
    expect(screen.queryByLabelText("What do you want to log a query about:")).toBeNull();
    expect((window as WindowWithDataLayer).dataLayer).toEqual([
      { event: "query_logged", referenceNumber: 300124 },
    ]);
    expect(onLogged).toHaveBeenCalledWith({ referenceNumber: 300124 });
  });

  it("adds to an existing data layer", async () => {
    (window as WindowWithDataLayer).dataLayer = [{ event: "gtm.js" }];
    const { user, uploads } = setup();
    await fillValidQuery(user);
    await user.click(sendButton() as HTMLElement);
    act(() => uploads[0]?.answerJson(createQueryResponseSchema, { referenceNumber: 300125 }));
    await screen.findByText(REPLY_PROMISES.newQuery);
    expect((window as WindowWithDataLayer).dataLayer).toEqual([
      { event: "gtm.js" },
      { event: "query_logged", referenceNumber: 300125 },
    ]);
  });

  it("on failure shows the red alert and keeps what was typed and the files", async () => {
    const { user, uploads } = setup();
    await fillValidQuery(user, "A long query I do not want to type again.");
    await user.upload(screen.getByLabelText("Attachments"), pdf("keep-me.pdf"));
    await user.click(sendButton() as HTMLElement);
    const request = await sentUpload(uploads);
    act(() => request.answerError(503, "INTERNAL_ERROR", "down"));

    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent(ERROR_MESSAGES.submit);
    expect(alert).toHaveClass("alert-danger");
    expect(alert).not.toHaveTextContent("down");
    expect(categorySelect()).toHaveValue("OTHER");
    expect(emailField()).toHaveValue("ada@example.com");
    expect(detailsField()).toHaveValue("A long query I do not want to type again.");
    expect(screen.getByRole("list", { name: "Chosen attachments" })).toHaveTextContent("keep-me.pdf");
    expect(sendButton()).toBeEnabled();
    expect((window as WindowWithDataLayer).dataLayer ?? []).toEqual([]);
  });

  it("clears a failure from while the session had ended once the member logs in again, keeping the form", async () => {
    const { user, uploads } = setup();
    await fillValidQuery(user, "Sent while logged out.");
    await user.click(sendButton() as HTMLElement);
    const request = await sentUpload(uploads);
    act(() => request.answerError(401, "AUTH_REQUIRED"));
    expect(await screen.findByRole("alert")).toHaveTextContent(ERROR_MESSAGES.submit);
    act(() => announceSessionResumed());
    await waitFor(() => expect(screen.queryByText(ERROR_MESSAGES.submit)).toBeNull());
    expect(detailsField()).toHaveValue("Sent while logged out.");
  });

  it("shows the attachment sentence when the server refuses the files", async () => {
    const { user, uploads } = setup();
    await fillValidQuery(user);
    await user.upload(screen.getByLabelText("Attachments"), pdf("scan.pdf"));
    await user.click(sendButton() as HTMLElement);
    const request = await sentUpload(uploads);
    act(() => request.answerError(415, "ATTACHMENT_RULE", ERROR_MESSAGES.attachmentRule));
    expect(await screen.findByRole("alert")).toHaveTextContent(ERROR_MESSAGES.attachmentRule);
    expect(screen.queryByText(ERROR_MESSAGES.submit)).toBeNull();
  });

  it("keeps the Idempotency-Key for a retry of the same content and changes it for new content", async () => {
    const { user, uploads } = setup();
    await fillValidQuery(user);
    await user.click(sendButton() as HTMLElement);
    const first = await sentUpload(uploads, 1);
    act(() => first.answerError(500, "INTERNAL_ERROR"));
    await screen.findByRole("alert");

    await user.click(sendButton() as HTMLElement);
    const retry = await sentUpload(uploads, 2);
    expect(retry.headers.get("Idempotency-Key")).toBe(first.headers.get("Idempotency-Key"));
    act(() => retry.answerError(500, "INTERNAL_ERROR"));
    await waitFor(() => expect(sendButton()).toBeEnabled());

    await user.type(detailsField() as HTMLElement, " More.");
    await user.click(sendButton() as HTMLElement);
    const changed = await sentUpload(uploads, 3);
    expect(changed.headers.get("Idempotency-Key")).not.toBe(first.headers.get("Idempotency-Key"));
  });
});

describe("DefaultQueryForm: a reply address the member's details do not hold", () => {
  beforeEach(() => setCookie("XSRF-TOKEN", "token-1"));

  const NOTICE =
    "We do not hold this email address for you. Our reply may hold medical information: please check it.";
  const confirmation = (address: string) =>
    screen.queryByRole("checkbox", {
      name: `Yes, send the reply to ${address}. It is not an address we hold for you.`,
    });
  const anyConfirmation = () => screen.queryByRole("checkbox", { name: /^Yes, send the reply to/ });

  /** Once the member's details (and so their addresses) are in, as the prefilled field shows. */
  async function typeAddress(user: ReturnType<typeof userEvent.setup>, address: string) {
    await waitFor(() => expect(emailField()).not.toHaveValue(""));
    await user.clear(emailField());
    await user.type(emailField(), address);
  }

  it("asks nothing for one of the member's addresses, in any case and with spaces", async () => {
    const { user } = setup({ addresses: ["ada@example.com", "Second@Example.org"] });
    await waitFor(() => expect(emailField()).toHaveValue("ada@example.com"));
    expect(anyConfirmation()).toBeNull();
    await typeAddress(user, " SECOND@example.ORG ");
    expect(anyConfirmation()).toBeNull();
    expect(screen.queryByText(NOTICE)).toBeNull();
  });

  it("asks to confirm any other address, said in a live region that describes the field", async () => {
    const { user } = setup();
    await waitFor(() => expect(emailField()).toHaveValue("ada@example.com"));
    // The live region is there, empty, before anything is said in it.
    const live = document.querySelector('[aria-live="polite"][data-reply-address-notice]');
    expect(live).not.toBeNull();
    expect(live).toHaveTextContent("");
    await typeAddress(user, "ada@exmaple.com");
    expect(live).toHaveTextContent(NOTICE);
    expect(emailField()).toHaveAccessibleDescription(NOTICE);
    const box = confirmation("ada@exmaple.com");
    expect(box).not.toBeChecked();
    expect(box).toHaveAttribute("aria-required", "true");
    // The box follows the field it is about, for keyboard users too.
    await user.click(emailField());
    await user.tab();
    expect(box).toHaveFocus();
  });

  it("waits for a whole address before asking", async () => {
    const { user } = setup();
    await typeAddress(user, "ada@exmaple");
    expect(anyConfirmation()).toBeNull();
  });

  it("blocks sending until the box is ticked, moving focus to it with its message", async () => {
    const { user, uploads } = setup();
    await fillValidQuery(user);
    await typeAddress(user, "ada@exmaple.com");
    await user.click(sendButton() as HTMLElement);

    const box = confirmation("ada@exmaple.com") as HTMLElement;
    await waitFor(() => expect(box).toHaveFocus());
    const message = "Please tick the box to confirm this address, or correct the address.";
    expect(box).toHaveAttribute("aria-invalid", "true");
    expect(box).toHaveAccessibleDescription(message);
    expect(uploads).toHaveLength(0);

    // Ticked from the keyboard: the message goes, and the query is sent with the confirmation.
    await user.keyboard(" ");
    expect(box).toBeChecked();
    expect(screen.queryByText(message)).toBeNull();
    await user.click(sendButton() as HTMLElement);
    const request = await sentUpload(uploads);
    expect(formEntries(request.body)).toEqual([
      ["subCategory", ""],
      ["query", "My claim was not paid."],
      ["email", "ada@exmaple.com"],
      ["category", "OTHER"],
      ["origin", "MEMBER_WEB"],
      ["ccEmail", ""],
      ["emailConfirmed", "true"],
    ]);
  });

  it("shows the confirmation's message with the other fields' when the form is sent incomplete", async () => {
    const { user, uploads } = setup();
    await typeAddress(user, "ada@exmaple.com");
    await user.click(sendButton() as HTMLElement);
    expect(await screen.findByText(VALIDATION_MESSAGES.category)).toBeInTheDocument();
    expect(confirmation("ada@exmaple.com")).toHaveAttribute("aria-invalid", "true");
    expect(uploads).toHaveLength(0);
  });

  it("confirms one address only: another address is asked about afresh", async () => {
    const { user } = setup();
    await typeAddress(user, "ada@exmaple.com");
    await user.click(confirmation("ada@exmaple.com") as HTMLElement);
    await typeAddress(user, "ada@exampel.com");
    expect(confirmation("ada@exampel.com")).not.toBeChecked();
  });

  it("asks nothing when the member's details could not be loaded: there is nothing to compare with", async () => {
    server.use(...contentFragmentHandlers(), memberDetailsFailing());
    const sent = recordRequests();
    const uploads = stubUploads();
    const user = userEvent.setup();
    renderWithProviders(<DefaultQueryForm />);
    await waitFor(() => expect(sentKeys(sent).some((key) => key.includes("member-details"))).toBe(true));
    await user.type(emailField(), "ada@exmaple.com");
    await user.selectOptions(categorySelect(), "OTHER");
    await user.type(detailsField() as HTMLElement, "My claim was not paid.");
    await user.click(sendButton() as HTMLElement);
    // The server compares with the register itself, and the console warns the agent.
    const request = await sentUpload(uploads);
    expect(anyConfirmation()).toBeNull();
    expect(formEntries(request.body).map(([name]) => name)).not.toContain("emailConfirmed");
  });

  it("goes once the address is corrected, and the query is sent as the specification has it", async () => {
    const { user, uploads } = setup();
    await fillValidQuery(user);
    await typeAddress(user, "ada@exmaple.com");
    expect(confirmation("ada@exmaple.com")).toBeInTheDocument();
    await typeAddress(user, "ada@example.com");
    expect(anyConfirmation()).toBeNull();
    expect(emailField()).not.toHaveAccessibleDescription(NOTICE);
    await user.click(sendButton() as HTMLElement);
    const request = await sentUpload(uploads);
    expect(formEntries(request.body).map(([name]) => name)).not.toContain("emailConfirmed");
  });
});
