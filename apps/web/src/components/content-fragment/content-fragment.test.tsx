import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { renderWithProviders, testConfig } from "../../testing/test-utils";
import { ContentFragment } from "./content-fragment";

function stubContent(body: string, status = 200) {
  const fetchMock = vi.fn<typeof fetch>(async () => new Response(body, { status }));
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

describe("ContentFragment", () => {
  it("fetches the fragment from the preview tree on localhost and renders it", async () => {
    const fetchMock = stubContent(
      '<h2>Claims help</h2><p>Read <a href="https://other.example/x">this</a>.</p>',
    );
    renderWithProviders(<ContentFragment path="/fragments/help.html" />);
    expect(await screen.findByRole("heading", { name: "Claims help" })).toBeInTheDocument();
    expect(fetchMock.mock.calls[0]?.[0]).toBe("/site/preview/fragments/help.html");
    expect(screen.getByRole("link", { name: "this" })).toHaveAttribute("rel", "noopener noreferrer");
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
    expect(container.innerHTML).not.toMatch(/javascript:|onerror|onclick|<script/i);
    expect((window as { hacked?: boolean }).hacked).toBeUndefined();
  });

  it("shows the spec's message when the fragment cannot be loaded", async () => {
    stubContent("missing", 404);
    renderWithProviders(<ContentFragment path="/missing.html" />, {
      config: { ...testConfig, contentPreviewMarker: "qa" },
    });
    expect(await screen.findByRole("alert")).toHaveTextContent("Unable to load content.");
  });

  it("shows a loading status while fetching", async () => {
    let answer: (response: Response) => void = () => {};
    vi.stubGlobal(
      "fetch",
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
    renderWithProviders(<ContentFragment path="/slow.html" />);
    expect(await screen.findByRole("status")).toHaveTextContent("Loading...");
    answer(new Response("<p>Done</p>"));
    await waitFor(() => expect(screen.getByText("Done")).toBeInTheDocument());
  });
});
