import { screen, waitFor } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { describe, expect, it } from "vitest";
import { recordRequests, sentKeys, server } from "../../testing/msw-server";
import { renderWithProviders, testConfig } from "../../testing/test-utils";
import { ContentFragment } from "./content-fragment";

// Fragments are HTML from the content tree, not a service answer: there is no contract to check.
function stubContent(body: string, status = 200) {
  server.use(http.get("/site/*", () => HttpResponse.html(body, { status })));
  return recordRequests();
}

describe("ContentFragment", () => {
  it("fetches the fragment from the preview tree on localhost and renders it", async () => {
    const sent = stubContent('<h2>Claims help</h2><p>Read <a href="https://other.example/x">this</a>.</p>');
    renderWithProviders(<ContentFragment path="/fragments/help.html" />);
    expect(await screen.findByRole("heading", { name: "Claims help" })).toBeInTheDocument();
    expect(sentKeys(sent)).toEqual(["GET /site/preview/fragments/help.html"]);
    expect(screen.getByRole("link", { name: "this" })).toHaveAttribute("rel", "noopener noreferrer");
  });

  it("keeps a scheme-site link, as the content service serves it, opening in a new tab; portal links stay", async () => {
    stubContent(
      '<p><a href="https://www.meridian.example/medical-aid/claims" target="_blank" rel="noopener noreferrer">My claims (opens the scheme\'s website)</a> or <a href="/#/interaction-timeline">My interaction timeline</a></p>',
    );
    renderWithProviders(<ContentFragment path="/fragments/claims.html" />);
    const external = await screen.findByRole("link", { name: "My claims (opens the scheme's website)" });
    expect(external).toHaveAttribute("href", "https://www.meridian.example/medical-aid/claims");
    expect(external).toHaveAttribute("target", "_blank");
    expect(external).toHaveAttribute("rel", "noopener noreferrer");
    const own = screen.getByRole("link", { name: "My interaction timeline" });
    expect(own).toHaveAttribute("href", "/#/interaction-timeline");
    expect(own).not.toHaveAttribute("target");
    expect(own).not.toHaveAttribute("rel");
  });

  it("neutralises scripts, event handlers and javascript: links", async () => {
    stubContent(
      '<p>Safe</p><img src=x onerror=alert(1)><script>window.hacked = true</script><a href="javascript:alert(1)">Click</a><a href="/portal/x" onclick="alert(1)">Local</a>',
    );
    const { container } = renderWithProviders(<ContentFragment path="/f.html" />);
    await screen.findByText("Safe");
    expect(container.querySelector("script")).toBeNull();
    expect(container.querySelector("img")).not.toHaveAttribute("onerror");
    expect(screen.getByText("Click")).not.toHaveAttribute("href");
    expect(screen.getByText("Local")).not.toHaveAttribute("onclick");
    expect(screen.getByText("Local")).not.toHaveAttribute("rel");
    expect(screen.getByText("Local")).not.toHaveAttribute("target");
    expect(container.innerHTML).not.toMatch(/javascript:|onerror|onclick|<script/i);
    expect((window as { hacked?: boolean }).hacked).toBeUndefined();
  });

  it("shows the required message when the fragment cannot be loaded", async () => {
    stubContent("missing", 404);
    renderWithProviders(<ContentFragment path="/missing.html" />, {
      config: { ...testConfig, contentPreviewMarker: "qa" },
    });
    expect(await screen.findByRole("alert")).toHaveTextContent("Unable to load content.");
  });

  it("shows a loading status while fetching", async () => {
    let answer: () => void = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      http.get("/site/*", async () => {
        await answered;
        return HttpResponse.html("<p>Done</p>");
      }),
    );
    renderWithProviders(<ContentFragment path="/slow.html" />);
    expect(await screen.findByRole("status")).toHaveTextContent("Loading...");
    answer();
    await waitFor(() => expect(screen.getByText("Done")).toBeInTheDocument());
  });
});
