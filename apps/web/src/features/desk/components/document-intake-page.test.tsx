import { documentIntakeResponseSchema, ERROR_MESSAGES } from "@portal/domain";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { type FakeUploadRequest, formEntries, pdf, stubUploads } from "../../../testing/fake-upload";
import { recordRequests, sentKeys, server } from "../../../testing/msw-server";
import {
  MEMBER_SEARCH_PATH,
  memberSearchHandler,
  memberSummaryHandler,
  threadMember,
} from "../testing/handlers";
import { renderConsole } from "../testing/render-console";

const zanele = { entityNumber: 41, membershipNumber: "20991234", firstName: "Zanele", lastName: "Khumalo" };

function setup(route: string, others: Parameters<typeof memberSummaryHandler>[1] = {}) {
  server.use(memberSearchHandler([zanele]), memberSummaryHandler(threadMember, others));
  const sent = recordRequests();
  const uploads = stubUploads();
  const view = renderConsole(route);
  return { ...view, sent, uploads, user: userEvent.setup() };
}

async function sentUpload(uploads: FakeUploadRequest[]): Promise<FakeUploadRequest> {
  await waitFor(() => expect(uploads).toHaveLength(1));
  return uploads[0] as FakeUploadRequest;
}

describe("recording documents received", () => {
  it("finds the member by surname, then records the files under a category and shows the new reference", async () => {
    const { sent, uploads, user, location } = setup("/console/documents/new");
    expect(screen.getByRole("heading", { level: 1, name: "Record documents received" })).toHaveFocus();

    await user.click(screen.getByLabelText("Surname"));
    await user.type(screen.getByRole("textbox", { name: "Surname" }), "Khumalo");
    await user.click(screen.getByRole("button", { name: "Find member" }));
    const found = await screen.findByRole("list", { name: "Members found" });
    expect(found).toHaveTextContent("Zanele Khumalo (20991234)");
    const search = sent.find((entry) => entry.key === `POST ${MEMBER_SEARCH_PATH}`)?.request;
    expect(await search?.json()).toEqual({ surname: "Khumalo" });

    await user.click(within(found).getByRole("button", { name: "Choose Zanele Khumalo" }));
    expect(location()).toBe("/console/documents/new?member=41");
    expect(await screen.findByText(/Zanele Khumalo, membership number 20991234/)).toBeInTheDocument();
    expect(sentKeys(sent)).toContain("GET /api/console/members/41");

    await user.selectOptions(screen.getByLabelText("Category"), "CHRONIC_CONDITIONS_AND_CANCER");
    await user.upload(screen.getByLabelText("Documents"), [pdf("script.pdf"), pdf("referral.pdf")]);
    await user.click(screen.getByRole("button", { name: "Record documents" }));

    const upload = await sentUpload(uploads);
    expect(upload.method).toBe("POST");
    expect(upload.url).toBe("/api/console/members/41/document-submissions");
    expect(formEntries(upload.body)).toEqual([
      ["category", "CHRONIC_CONDITIONS_AND_CANCER"],
      ["files", "file:script.pdf"],
      ["files", "file:referral.pdf"],
    ]);
    expect(upload.headers.get("Idempotency-Key")).toBeTruthy();
    act(() =>
      upload.answerJson(documentIntakeResponseSchema, { referenceNumber: 800123, memberMailed: true }),
    );
    const recorded = await screen.findByText(/Documents recorded\. Reference number/);
    expect(recorded.closest("[role=status]")).toHaveTextContent(
      "Documents recorded. Reference number 800123. The member is told by e-mail.",
    );
    expect(screen.queryByRole("button", { name: "Record documents" })).toBeNull();

    await user.click(screen.getByRole("button", { name: "Record more documents for this member" }));
    expect(screen.getByLabelText("Category")).toHaveValue("");
    expect(screen.getByRole("status")).toBeEmptyDOMElement();
  });

  it("finds by membership number too, and refuses a search the service would refuse", async () => {
    const { sent, user } = setup("/console/documents/new");
    const number = screen.getByRole("textbox", { name: "Membership number" });
    await user.type(number, "2099 1234");
    await user.click(screen.getByRole("button", { name: "Find member" }));
    expect(
      screen.getByText("Enter the membership number: letters, digits and hyphens only."),
    ).toBeInTheDocument();
    // Nothing asked but the console's second-factor offer: the search went nowhere.
    expect(sentKeys(sent).filter((key) => !key.startsWith("GET /api/console/second-factor"))).toEqual([]);
    await user.clear(number);
    await user.type(number, "20991234");
    await user.click(screen.getByRole("button", { name: "Find member" }));
    await screen.findByRole("list", { name: "Members found" });
    const search = sent.find((entry) => entry.key === `POST ${MEMBER_SEARCH_PATH}`)?.request;
    expect(await search?.json()).toEqual({ membershipNumber: "20991234" });
  });

  it("opened for a member, asks for the category and the files before sending anything", async () => {
    const { uploads, user } = setup("/console/documents/new?member=41");
    await screen.findByText(/Zanele Khumalo, membership number 20991234/);
    await user.click(screen.getByRole("button", { name: "Record documents" }));
    expect(await screen.findByText("Please choose the category of the documents.")).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText("Category"), "OTHER");
    await user.click(screen.getByRole("button", { name: "Record documents" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Please attach the documents received.");
    expect(uploads).toHaveLength(0);
  });

  it("says what the attachment rule is when the service refuses the files", async () => {
    const { uploads, user } = setup("/console/documents/new?member=41");
    await screen.findByText(/Zanele Khumalo/);
    await user.selectOptions(screen.getByLabelText("Category"), "OTHER");
    await user.upload(screen.getByLabelText("Documents"), pdf("scan.pdf"));
    await user.click(screen.getByRole("button", { name: "Record documents" }));
    const upload = await sentUpload(uploads);
    act(() => upload.answerError(415, "ATTACHMENT_RULE"));
    expect(await screen.findByRole("alert")).toHaveTextContent(ERROR_MESSAGES.attachmentRule);
    // Nothing is lost: the files are still there to send again.
    expect(screen.getByRole("list", { name: "Chosen attachments" })).toHaveTextContent("scan.pdf");
  });

  it("lets the agent choose another member", async () => {
    const { user, location } = setup("/console/documents/new?member=41");
    await screen.findByText(/Zanele Khumalo/);
    await user.click(screen.getByRole("button", { name: "Choose another member" }));
    expect(location()).toBe("/console/documents/new");
    expect(screen.getByRole("button", { name: "Find member" })).toBeInTheDocument();
  });

  it("records a dependent's documents under the principal member, and says when no mail tells the member", async () => {
    const bongani = {
      ...threadMember,
      entityNumber: 42,
      firstName: "Bongani",
      lastName: "Khumalo",
      membershipNumber: null,
      dependentCount: 0,
      principal: { entityNumber: 41, firstName: "Zanele", lastName: "Khumalo", membershipNumber: "20991234" },
    };
    const { uploads, user, location } = setup("/console/documents/new?member=42", { 42: bongani });
    expect(await screen.findByText(/Bongani Khumalo, no membership number/)).toBeInTheDocument();
    expect(
      screen.getByText(
        /Bongani Khumalo is a dependent on the membership of Zanele Khumalo \(membership number 20991234\)/,
      ),
    ).toBeInTheDocument();
    // No form for the dependent: nothing could be recorded that no one is told of.
    expect(screen.queryByRole("form", { name: "Documents received" })).toBeNull();
    await user.click(screen.getByRole("button", { name: "Record under Zanele Khumalo's membership" }));
    expect(location()).toBe("/console/documents/new?member=41");
    expect(await screen.findByText(/Zanele Khumalo, membership number 20991234/)).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText("Category"), "MEDICAL_CLAIMS");
    await user.upload(screen.getByLabelText("Documents"), [pdf("bongani-claim.pdf")]);
    await user.click(screen.getByRole("button", { name: "Record documents" }));
    const upload = await sentUpload(uploads);
    expect(upload.url).toBe("/api/console/members/41/document-submissions");
    act(() =>
      upload.answerJson(documentIntakeResponseSchema, { referenceNumber: 800124, memberMailed: false }),
    );
    expect(await screen.findByText(/Documents recorded\. Reference number/)).toHaveTextContent(
      "so they are not told by e-mail: tell them another way.",
    );
  });
});
