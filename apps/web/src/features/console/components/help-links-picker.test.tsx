import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { recordRequests, sentKeys, server } from "../../../testing/msw-server";
import { renderWithProviders } from "../../../testing/test-utils";
import { helpSearchHandler } from "../testing/handlers";
import { helpFragmentAddress, helpLinkHtml, helpQuestion } from "../utils/help-link";
import { HelpLinksPicker } from "./help-links-picker";

const RESULTS = [
  {
    path: "/fragments/claims/short-paid.html",
    title: "Why a claim is short paid",
    excerpt: "A claim is paid at the scheme tariff.",
  },
  { path: "/fragments/claims/<odd>&.html", title: "Tariffs & <rates>", excerpt: "How tariffs work." },
];

describe("help links for a reply", () => {
  it("builds the words to search with, within the search's 200 characters", () => {
    expect(helpQuestion("  My claim\nwas   short paid ")).toBe("My claim was short paid");
    expect(helpQuestion("word ".repeat(100)).length).toBeLessThanOrEqual(200);
    expect(helpQuestion("   ")).toBe("");
  });

  it("links to the fragment where members read it: /site{path}, absolute, preview hosts the preview tree", () => {
    const live = { origin: "https://portal.scheme.example", hostname: "portal.scheme.example" };
    expect(helpFragmentAddress("/fragments/a.html", "", live)).toBe(
      "https://portal.scheme.example/site/fragments/a.html",
    );
    expect(helpFragmentAddress("fragments/a.html", "", live)).toBe(
      "https://portal.scheme.example/site/fragments/a.html",
    );
    const preview = { origin: "https://preview.scheme.example", hostname: "preview.scheme.example" };
    expect(helpFragmentAddress("/fragments/a.html", "preview", preview)).toBe(
      "https://preview.scheme.example/site/preview/fragments/a.html",
    );
  });

  it("writes the link with its address and title as text", () => {
    expect(helpLinkHtml(RESULTS[1] as (typeof RESULTS)[number], 'https://x.example/a"b')).toBe(
      '<a href="https://x.example/a&quot;b">Tariffs &amp; &lt;rates&gt;</a>',
    );
  });

  it("searches the help with the conversation's text and offers each fragment as a link to insert", async () => {
    server.use(helpSearchHandler(RESULTS));
    const sent = recordRequests();
    const onInsert = vi.fn<(html: string, title: string) => void>();
    const user = userEvent.setup();
    renderWithProviders(<HelpLinksPicker text={"My claim was\nshort paid."} onInsert={onInsert} />);
    const region = screen.getByRole("region", { name: "Help to link to" });
    expect(region).toHaveTextContent("Looking for help that may answer this...");
    const insert = await within(region).findByRole("button", {
      name: "Insert a link to Why a claim is short paid",
    });
    expect(sentKeys(sent)).toEqual(["GET /api/help/search?q=My+claim+was+short+paid."]);
    expect(region).toHaveTextContent("A claim is paid at the scheme tariff.");
    await user.click(insert);
    expect(onInsert).toHaveBeenCalledWith(
      `<a href="${window.location.origin}/site/preview/fragments/claims/short-paid.html">Why a claim is short paid</a>`,
      "Why a claim is short paid",
    );
  });

  it("says when no help matches, or there is nothing to search with", async () => {
    server.use(helpSearchHandler([]));
    const sent = recordRequests();
    const { unmount } = renderWithProviders(
      <HelpLinksPicker text="nothing like it" onInsert={() => undefined} />,
    );
    expect(await screen.findByText("No published help matches this conversation.")).toBeInTheDocument();
    unmount();
    renderWithProviders(<HelpLinksPicker text="   " onInsert={() => undefined} />);
    expect(screen.getByText("No published help matches this conversation.")).toBeInTheDocument();
    await waitFor(() => expect(sentKeys(sent)).toHaveLength(1));
  });
});
