import { ERROR_MESSAGES } from "@portal/domain";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { stubFetchRoutes } from "../../../testing/fetch-stub";
import { renderWithProviders } from "../../../testing/test-utils";
import { DocumentSubmissionPage } from "./document-submission-page";

const SUBMISSION = "GET /api/smart-inquiry/document-submissions/800001";

describe("DocumentSubmissionPage", () => {
  it.each(["/document-submission", "/document-submission?reference=abc"])(
    "sends %s to the root",
    async (route) => {
      stubFetchRoutes({});
      renderWithProviders(<DocumentSubmissionPage />, { route, extraRoutes: ["/contact-us/default"] });
      expect(await screen.findByText("Arrived at /contact-us/default")).toBeInTheDocument();
    },
  );

  it("shows loading, then the category, the document links and the date", async () => {
    stubFetchRoutes({
      [SUBMISSION]: () =>
        Response.json({
          documentSubmission: {
            referenceNumber: 800001,
            category: "CHRONIC_CONDITIONS_AND_CANCER",
            dateLogged: "2026-11-12T12:00:00.000Z",
            attachments: [
              { attachmentId: 900001, fileName: "prescription.pdf" },
              { attachmentId: 900002, fileName: "script.png" },
            ],
          },
        }),
    });
    renderWithProviders(<DocumentSubmissionPage />, { route: "/document-submission?reference=800001" });
    expect(screen.getByRole("status")).toHaveTextContent("Loading...");
    const card = await screen.findByRole("region", { name: "Document Submission" });
    expect(
      await within(card).findByRole("cell", { name: "Chronic conditions and cancer" }),
    ).toBeInTheDocument();
    expect(
      within(card)
        .getAllByRole("columnheader")
        .map((header) => header.textContent),
    ).toEqual(["Category", "Documents", "Date"]);
    expect(within(card).getByRole("cell", { name: "2026-11-12" })).toBeInTheDocument();
    expect(within(card).getByRole("link", { name: "script.png" })).toHaveAttribute(
      "href",
      "/api/smart-inquiry/document-submissions/800001/attachments/900002",
    );
    const link = within(card).getByRole("link", { name: "prescription.pdf" });
    expect(link).toHaveAttribute("href", "/api/smart-inquiry/document-submissions/800001/attachments/900001");
    expect(link).toHaveAttribute("target", "_blank");
    expect(link).toHaveAttribute("rel", "noopener noreferrer");
    expect(screen.getByRole("button", { name: "Back" })).toBeInTheDocument();
  });

  it("shows the document-submission sentence in a red alert when the fetch fails", async () => {
    stubFetchRoutes({ [SUBMISSION]: () => Response.json({}, { status: 404 }) });
    renderWithProviders(<DocumentSubmissionPage />, { route: "/document-submission?reference=800001" });
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent(ERROR_MESSAGES.documentSubmission);
    expect(alert).toHaveClass("alert-danger");
  });
});
