import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { http } from "msw";
import { describe, expect, it, vi } from "vitest";
import { errorJson } from "../../../testing/contract-json";
import { recordRequests, sentKeys, server } from "../../../testing/msw-server";
import { renderWithProviders } from "../../../testing/test-utils";
import { helpSuggestionsUrl } from "../api/get-help-suggestions";
import { helpSuggestionsHandler } from "../testing/handlers";
import { helpFragmentAddress, helpLinkHtml } from "../utils/help-link";
import { HelpLinksPicker } from "./help-links-picker";

const SUGGESTIONS = [
  {
    path: "/fragments/claims/short-paid.html",
    title: "Why a claim is short paid",
    summary: "A claim is paid at the scheme tariff.",
  },
  { path: "/fragments/claims/<odd>&.html", title: "Tariffs & <rates>", summary: "How <b>tariffs</b> work." },
];

describe("help links for a reply", () => {
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

  it("writes the link with its address and title, then the summary for a mail, all as text", () => {
    expect(helpLinkHtml(SUGGESTIONS[1] as (typeof SUGGESTIONS)[number], 'https://x.example/a"b')).toBe(
      '<p><a href="https://x.example/a&quot;b">Tariffs &amp; &lt;rates&gt;</a>: How &lt;b&gt;tariffs&lt;/b&gt; work.</p>',
    );
    expect(helpLinkHtml({ title: "Claims", summary: "" }, "https://x.example/c")).toBe(
      '<p><a href="https://x.example/c">Claims</a></p>',
    );
  });

  it("asks the server for the conversation's help and offers each as a link with its summary", async () => {
    server.use(helpSuggestionsHandler(SUGGESTIONS));
    const sent = recordRequests();
    const onInsert = vi.fn<(html: string, title: string) => void>();
    const user = userEvent.setup();
    renderWithProviders(<HelpLinksPicker referenceNumber={300001} onInsert={onInsert} />);
    const region = screen.getByRole("region", { name: "Help to link to" });
    expect(region).toHaveTextContent("Looking for help that may answer this...");
    const insert = await within(region).findByRole("button", {
      name: "Insert link: Why a claim is short paid",
    });
    expect(sentKeys(sent)).toEqual(["GET /api/console/queries/300001/help-suggestions"]);
    // What is shown is what goes in: the summary written for a mail.
    expect(region).toHaveTextContent("A claim is paid at the scheme tariff.");
    await user.click(insert);
    expect(onInsert).toHaveBeenCalledWith(
      `<p><a href="${window.location.origin}/site/preview/fragments/claims/short-paid.html">Why a claim is short paid</a>: A claim is paid at the scheme tariff.</p>`,
      "Why a claim is short paid",
    );
  });

  it("names each button by its visible words first (WCAG 2.5.3), then the help it links to", async () => {
    server.use(helpSuggestionsHandler(SUGGESTIONS));
    renderWithProviders(<HelpLinksPicker referenceNumber={300001} onInsert={() => undefined} />);
    const buttons = await screen.findAllByRole("button", { name: /^Insert link/ });
    expect(buttons.map((button) => button.textContent)).toEqual(["Insert link", "Insert link"]);
    for (const button of buttons) {
      const name = button.getAttribute("aria-label") ?? "";
      expect(name.startsWith(button.textContent ?? "")).toBe(true);
    }
    expect(buttons[1]).toHaveAccessibleName("Insert link: Tariffs & <rates>");
  });

  it("says when no help matches, and when the help could not be asked for", async () => {
    server.use(helpSuggestionsHandler([]));
    const { unmount } = renderWithProviders(
      <HelpLinksPicker referenceNumber={300001} onInsert={() => undefined} />,
    );
    expect(await screen.findByText("No published help matches this conversation.")).toBeInTheDocument();
    unmount();
    server.use(http.get(helpSuggestionsUrl(300001), () => errorJson(500, "INTERNAL_ERROR")));
    renderWithProviders(<HelpLinksPicker referenceNumber={300001} onInsert={() => undefined} />);
    await waitFor(() =>
      expect(screen.getByText("The help could not be searched just now.")).toBeInTheDocument(),
    );
  });
});
