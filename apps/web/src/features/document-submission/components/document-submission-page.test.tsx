import { ERROR_MESSAGES } from "@portal/domain";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { recordRequests, server } from "../../../testing/msw-server";
import { renderWithProviders } from "../../../testing/test-utils";
import { documentSubmissionFailing, documentSubmissionHandler } from "../testing/handlers";
import { DocumentSubmissionPage } from "./document-submission-page";

describe("DocumentSubmissionPage", () => {
  it.each(["/document-submission", "/document-submission?reference=abc"])(
    "sends %s to the root",
    async (route) => {
      const sent = recordRequests();
      renderWithProviders(<DocumentSubmissionPage />, { route, extraRoutes: ["/contact-us/default"] });
      expect(await screen.findByText("Arrived at /contact-us/default")).toBeInTheDocument();
      expect(sent).toEqual([]);
    },
  );

  it("shows loading, then the category, the document links and the date", async () => {
    server.use(documentSubmissionHandler());
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

  it("shows each document with the icon of its kind and the kind in words", async () => {
    server.use(documentSubmissionHandler());
    renderWithProviders(<DocumentSubmissionPage />, { route: "/document-submission?reference=800001" });
    const card = await screen.findByRole("region", { name: "Document Submission" });
    const items = await within(card).findAllByRole("listitem");
    expect(items.map((item) => item.textContent)).toEqual([
      "PDF document: prescription.pdf",
      "Image: script.png",
    ]);
    expect(items.map((item) => item.querySelector("svg")?.getAttribute("data-file-kind"))).toEqual([
      "pdf",
      "image",
    ]);
    for (const item of items) {
      expect(item.querySelector("svg")).toHaveAttribute("aria-hidden", "true");
      expect(within(item).getByText(/:\s*$/)).toHaveClass("visually-hidden");
    }
  });

  it("shows the document-submission sentence in a red alert when the fetch fails", async () => {
    server.use(documentSubmissionFailing());
    renderWithProviders(<DocumentSubmissionPage />, { route: "/document-submission?reference=800001" });
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent(ERROR_MESSAGES.documentSubmission);
    expect(alert).toHaveClass("alert-danger");
  });
});
