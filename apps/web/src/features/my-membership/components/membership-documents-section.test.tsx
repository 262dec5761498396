import { MEMBERSHIP_DOCUMENT_FILE_NAMES, membershipCardOrderConfirmation } from "@portal/domain";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { http } from "msw";
import { describe, expect, it, vi } from "vitest";
import { setCookie } from "../../../lib/cookies";
import { errorJson } from "../../../testing/contract-json";
import { recordRequests, sentKeys, server } from "../../../testing/msw-server";
import { renderWithProviders } from "../../../testing/test-utils";
import { mayOrderCardHandler, membershipDocumentAnswer, orderCardHandler, PATHS } from "../testing/handlers";
import { MembershipDocumentsSection } from "./membership-documents-section";

const PDF_TEXT = "%PDF-1.7\n1 0 obj <<>> endobj\n%%EOF\n";

/** Records what the page hands to the browser as downloads: jsdom has no object URLs nor downloads. */
function captureDownloads() {
  const blobs = new Map<string, Blob>();
  const revoked: string[] = [];
  class TestUrl extends URL {
    static override createObjectURL(blob: Blob): string {
      const url = `blob:test/${blobs.size + 1}`;
      blobs.set(url, blob);
      return url;
    }
    static override revokeObjectURL(url: string): void {
      revoked.push(url);
    }
  }
  vi.stubGlobal("URL", TestUrl);
  const saved: { blob: Blob | undefined; fileName: string; attached: boolean }[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({
      blob: blobs.get(this.getAttribute("href") ?? ""),
      fileName: this.download,
      attached: this.isConnected,
    });
  });
  return { saved, revoked };
}

describe("MembershipDocumentsSection", () => {
  it("decodes the card's base64 into a PDF and saves it as membership-card.pdf", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    server.use(
      http.get(PATHS.card, () => membershipDocumentAnswer(PDF_TEXT)),
      mayOrderCardHandler(true),
    );
    const sent = recordRequests();
    const { saved, revoked } = captureDownloads();
    renderWithProviders(<MembershipDocumentsSection />);
    await userEvent.click(screen.getByRole("button", { name: "Download membership card" }));

    await waitFor(() => expect(saved).toHaveLength(1));
    const [download] = saved;
    expect(download?.fileName).toBe(MEMBERSHIP_DOCUMENT_FILE_NAMES.card);
    expect(download?.attached).toBe(true);
    expect(download?.blob?.type).toBe("application/pdf");
    expect(await download?.blob?.text()).toBe(PDF_TEXT);
    expect(sentKeys(sent)).toContain("GET /api/member-details/v2/member-details/membership-card");
    // The temporary link is gone, and its object URL released once the browser had time to read it.
    expect(document.querySelector("a[download]")).toBeNull();
    expect(revoked).toEqual([]);
    vi.advanceTimersByTime(10_000);
    expect(revoked).toEqual(["blob:test/1"]);
    vi.useRealTimers();
  });

  it("shows a spinner while fetching, then saves the certificate", async () => {
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      http.get(PATHS.certificate, async () => {
        await answered;
        return membershipDocumentAnswer(PDF_TEXT);
      }),
    );
    const { saved } = captureDownloads();
    renderWithProviders(<MembershipDocumentsSection />);
    await userEvent.click(screen.getByRole("button", { name: "Download certificate" }));

    const busy = screen.getByRole("button", { name: /Download certificate/ });
    expect(busy).toBeDisabled();
    expect(busy).toHaveTextContent("Downloading...");
    answer();
    await waitFor(() =>
      expect(saved.map((download) => download.fileName)).toEqual(["membership-certificate.pdf"]),
    );
    expect(await screen.findByRole("button", { name: "Download certificate" })).toBeEnabled();
  });

  it("shows a red alert when a download fails, and saves nothing", async () => {
    server.use(http.get(PATHS.card, () => errorJson(500, "INTERNAL_ERROR")));
    const { saved } = captureDownloads();
    renderWithProviders(<MembershipDocumentsSection />);
    await userEvent.click(screen.getByRole("button", { name: "Download membership card" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "We could not download your membership card. Please try again later.",
    );
    expect(saved).toEqual([]);
  });

  it("orders a new card with the anti-forgery header and shows the confirmation", async () => {
    setCookie("XSRF-TOKEN", "token-5");
    const confirmation = membershipCardOrderConfirmation("MC-000042");
    server.use(orderCardHandler(confirmation), mayOrderCardHandler(true));
    const sent = recordRequests();
    renderWithProviders(<MembershipDocumentsSection />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Order a new card" }));
    await user.click(
      within(screen.getByRole("dialog", { name: "Order a new membership card?" })).getByRole("button", {
        name: "Yes, order a new card",
      }),
    );

    expect(await screen.findByRole("status")).toHaveTextContent(confirmation);
    expect(screen.queryByRole("dialog")).toBeNull();
    const orders = sent.filter((entry) => entry.key.startsWith("POST "));
    expect(orders).toHaveLength(1);
    expect(orders[0]?.key).toBe("POST /api/member-details/v2/member-details/order-membership-card");
    expect(orders[0]?.request.body).toBeNull();
    expect(orders[0]?.request.headers.get("X-XSRF-TOKEN")).toBe("token-5");
    expect(sentKeys(sent)).toContain("GET /api/member-details/permissions?permissions=ORDER_MEMBERSHIP_CARD");
  });

  it("tells someone who may not order a card who can, and offers no button", async () => {
    server.use(mayOrderCardHandler(false));
    renderWithProviders(<MembershipDocumentsSection />);
    expect(
      await screen.findByText("A new card can be ordered by the principal member of your policy."),
    ).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Order a new card" })).toBeNull();
  });

  it("shows a red alert when the order fails", async () => {
    server.use(
      http.post(PATHS.orderCard, () => errorJson(503, "INTERNAL_ERROR")),
      mayOrderCardHandler(true),
    );
    renderWithProviders(<MembershipDocumentsSection />);
    await userEvent.click(await screen.findByRole("button", { name: "Order a new card" }));
    await userEvent.click(screen.getByRole("button", { name: "Yes, order a new card" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "We could not order your new card. Please try again later.",
    );
    expect(screen.queryByRole("status")).toBeNull();
  });

  it("asks first: the dialog says when to order, and Cancel, Escape or its close button order nothing", async () => {
    server.use(orderCardHandler(membershipCardOrderConfirmation("MC-000043")), mayOrderCardHandler(true));
    const sent = recordRequests();
    renderWithProviders(<MembershipDocumentsSection />);
    const user = userEvent.setup();
    const orderButton = await screen.findByRole("button", { name: "Order a new card" });

    await user.click(orderButton);
    const dialog = screen.getByRole("dialog", { name: "Order a new membership card?" });
    expect(dialog).toHaveAttribute("aria-modal", "true");
    expect(dialog).toHaveTextContent("Please only order a new card if yours is lost or damaged.");
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(orderButton).toHaveFocus();

    await user.keyboard("{Enter}");
    expect(screen.getByRole("dialog")).toBeInTheDocument();
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(orderButton).toHaveFocus();

    await user.click(orderButton);
    await user.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Close" }));
    expect(screen.queryByRole("dialog")).toBeNull();

    expect(sentKeys(sent).filter((key) => key.startsWith("POST "))).toEqual([]);
    expect(screen.queryByRole("status")).toBeNull();
  });

  it("orders once on confirming, and gives focus back to the order button", async () => {
    setCookie("XSRF-TOKEN", "token-6");
    server.use(orderCardHandler(membershipCardOrderConfirmation("MC-000044")), mayOrderCardHandler(true));
    const sent = recordRequests();
    renderWithProviders(<MembershipDocumentsSection />);
    const user = userEvent.setup();
    const orderButton = await screen.findByRole("button", { name: "Order a new card" });
    await user.click(orderButton);
    await user.keyboard("{Tab}{Tab}");
    expect(screen.getByRole("button", { name: "Yes, order a new card" })).toHaveFocus();
    await user.keyboard("{Enter}");
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(orderButton).toHaveFocus();
    expect(await screen.findByRole("status")).toHaveTextContent("MC-000044");
    expect(sentKeys(sent).filter((key) => key.startsWith("POST "))).toEqual([
      "POST /api/member-details/v2/member-details/order-membership-card",
    ]);
  });
});
