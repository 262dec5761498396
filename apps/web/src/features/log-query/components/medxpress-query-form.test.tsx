import {
  createQueryResponseSchema,
  ERROR_MESSAGES,
  MEDXPRESS_TURNAROUND_FRAGMENT,
  MEDXPRESS_TURNAROUND_LA_HEALTH_FRAGMENT,
  REPLY_PROMISES,
  TIMELINE_NOTE,
  VALIDATION_MESSAGES,
} from "@portal/domain";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { contentFragmentHandlers, fragmentText } from "../../../testing/content-handlers";
import { type FakeUploadRequest, formEntries, pdf, stubUploads } from "../../../testing/fake-upload";
import { memberDetailsHandler, memberWithEmails } from "../../../testing/member-details-handlers";
import { server } from "../../../testing/msw-server";
import { renderWithProviders } from "../../../testing/test-utils";
import { LogQueryForm } from "./log-query-form";

const categorySelect = () => screen.getByLabelText("What do you want to log a query about:");
const emailField = () => screen.getByLabelText("Email");
const detailsField = () => screen.getByLabelText("Query details");
const sendButton = () => screen.getByRole("button", { name: "Send Query" });

type WindowWithDataLayer = Window & { dataLayer?: unknown[] };

function setup(origin = "medxpress") {
  server.use(...contentFragmentHandlers(), memberDetailsHandler(memberWithEmails("ada@example.com")));
  const uploads = stubUploads();
  const user = userEvent.setup();
  renderWithProviders(<LogQueryForm origin={origin} />);
  return { user, uploads };
}

async function sendOrderQuery(user: ReturnType<typeof userEvent.setup>, uploads: FakeUploadRequest[]) {
  await waitFor(() => expect(emailField()).toHaveValue("ada@example.com"));
  await user.selectOptions(categorySelect(), "MEDXPRESS_ORDER_QUERY");
  await user.type(detailsField(), "Please repeat my chronic order.");
  await user.click(sendButton());
  await waitFor(() => expect(uploads).toHaveLength(1));
  return uploads[0] as FakeUploadRequest;
}

function setReferrer(address: string) {
  Object.defineProperty(document, "referrer", { value: address, configurable: true });
}

describe("LogQueryForm, medxpress origin", () => {
  afterEach(() => {
    delete (window as WindowWithDataLayer).dataLayer;
    // Back to jsdom's own (empty) referrer.
    Reflect.deleteProperty(document, "referrer");
  });

  it("shows the default form for the default origin", () => {
    setup("default");
    expect(screen.getByLabelText("Additional Email address(optional):")).toBeInTheDocument();
  });

  it.each(["medxpress", "anything-else"])(
    "origin %j: only category, email, details and attachments",
    (origin) => {
      setup(origin);
      expect(
        within(categorySelect())
          .getAllByRole("option")
          .map((option) => option.textContent),
      ).toEqual([
        "Choose a category",
        "Order query",
        "Delivery query",
        "Co-payment query",
        "Prescription or medicine query",
      ]);
      expect(screen.queryByLabelText("Query category")).toBeNull();
      expect(screen.queryByLabelText("Additional Email address(optional):")).toBeNull();
      expect(emailField()).toBeInTheDocument();
      expect(detailsField()).toBeInTheDocument();
      expect(screen.getByLabelText("Attachments")).toBeInTheDocument();
      expect(sendButton()).toBeInTheDocument();
    },
  );

  it("shows the chosen category's help, and no subcategory", async () => {
    const { user } = setup();
    await user.selectOptions(categorySelect(), "MEDXPRESS_DELIVERY_QUERY");
    expect(
      await screen.findByText(
        fragmentText("/fragments/smart-inquiry/categories/medxpress-delivery-query.html"),
      ),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText("Query category")).toBeNull();
  });

  it("marks every field on submit and sends nothing", async () => {
    const { user, uploads } = setup();
    await waitFor(() => expect(emailField()).toHaveValue("ada@example.com"));
    await user.clear(emailField());
    await user.click(sendButton());
    expect(await screen.findByText(VALIDATION_MESSAGES.category)).toBeInTheDocument();
    expect(screen.getByText(VALIDATION_MESSAGES.email)).toBeInTheDocument();
    expect(screen.getByText(VALIDATION_MESSAGES.queryDetail)).toBeInTheDocument();
    expect(uploads).toHaveLength(0);
  });

  it("posts category, product Health, email, query, origin MED_XPRESS, then the files, to the das-mp path", async () => {
    const { user, uploads } = setup();
    await user.upload(screen.getByLabelText("Attachments"), pdf("script.pdf"));
    const request = await sendOrderQuery(user, uploads);
    expect(request.url).toBe("/portal/api/das-mp/smart-inquiry-api/member-queries");
    expect(formEntries(request.body)).toEqual([
      ["category", "MEDXPRESS_ORDER_QUERY"],
      ["product", "Health"],
      ["email", "ada@example.com"],
      ["query", "Please repeat my chronic order."],
      ["origin", "MED_XPRESS"],
      ["files", "file:script.pdf"],
    ]);
    expect(request.headers.get("Idempotency-Key")).toBeTruthy();
  });

  it("on success shows only the reference and the turnaround fragment, and tells the data layer", async () => {
    const { user, uploads } = setup();
    const request = await sendOrderQuery(user, uploads);
    act(() => request.answerJson(createQueryResponseSchema, { referenceNumber: 300200 }));
    const success = await screen.findByTestId("query-success");
    expect(success).toHaveTextContent("Your reference number is 300200.");
    expect(await within(success).findByText(fragmentText(MEDXPRESS_TURNAROUND_FRAGMENT))).toBeInTheDocument();
    expect(success).not.toHaveTextContent(REPLY_PROMISES.newQuery);
    expect(success).not.toHaveTextContent(TIMELINE_NOTE);
    expect(within(success).queryByRole("link")).toBeNull();
    expect((window as WindowWithDataLayer).dataLayer).toEqual([
      { event: "query_logged", referenceNumber: 300200 },
    ]);
  });

  it.each([
    "https://www.la-health.example/contact",
    "https://remedi.example/",
    "https://scheme.example/rem/orders",
  ])("uses the LA Health turnaround fragment when embedded in %s", async (parent) => {
    setReferrer(parent);
    const { user, uploads } = setup();
    const request = await sendOrderQuery(user, uploads);
    act(() => request.answerJson(createQueryResponseSchema, { referenceNumber: 300201 }));
    expect(
      await screen.findByText(fragmentText(MEDXPRESS_TURNAROUND_LA_HEALTH_FRAGMENT)),
    ).toBeInTheDocument();
    expect(screen.queryByText(fragmentText(MEDXPRESS_TURNAROUND_FRAGMENT))).toBeNull();
  });

  it("on failure shows the red alert and keeps the input", async () => {
    const { user, uploads } = setup();
    const request = await sendOrderQuery(user, uploads);
    act(() => request.answerError(500, "INTERNAL_ERROR"));
    expect(await screen.findByRole("alert")).toHaveTextContent(ERROR_MESSAGES.submit);
    expect(categorySelect()).toHaveValue("MEDXPRESS_ORDER_QUERY");
    expect(detailsField()).toHaveValue("Please repeat my chronic order.");
  });

  it("asks to confirm an address the member's details do not hold, and sends the confirmation", async () => {
    const { user, uploads } = setup();
    await waitFor(() => expect(emailField()).toHaveValue("ada@example.com"));
    await user.clear(emailField());
    await user.type(emailField(), "ada@exmaple.com");
    await user.selectOptions(categorySelect(), "MEDXPRESS_ORDER_QUERY");
    await user.type(detailsField(), "Please repeat my chronic order.");
    await user.click(sendButton());
    const box = screen.getByRole("checkbox", {
      name: "Yes, send the reply to ada@exmaple.com. It is not an address we hold for you.",
    });
    await waitFor(() => expect(box).toHaveFocus());
    expect(box).toHaveAttribute("aria-invalid", "true");
    expect(uploads).toHaveLength(0);
    await user.keyboard(" ");
    await user.click(sendButton());
    await waitFor(() => expect(uploads).toHaveLength(1));
    expect(formEntries((uploads[0] as FakeUploadRequest).body)).toContainEqual(["emailConfirmed", "true"]);
  });
});
