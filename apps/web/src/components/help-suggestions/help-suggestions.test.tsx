import { helpSearchResponseSchema } from "@portal/domain";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { HttpResponse, http } from "msw";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { contractJson } from "../../testing/contract-json";
import { recordRequests, sentKeys, server } from "../../testing/msw-server";
import { renderWithProviders } from "../../testing/test-utils";
import { HelpSuggestions, SUGGESTIONS_TITLE, suggestionQuestion } from "./help-suggestions";

const CARD = "/fragments/smart-inquiry/medxpress-turnaround.html";

function Details() {
  const [text, setText] = useState("");
  return (
    <>
      <label>
        Query details
        <textarea value={text} onChange={(event) => setText(event.target.value)} />
      </label>
      <HelpSuggestions details={text} />
    </>
  );
}

function setup() {
  server.use(
    http.get(`/site/preview${CARD}`, () => HttpResponse.html("<p>Phone the number on your card.</p>")),
    http.get("/api/help/search", () =>
      contractJson(helpSearchResponseSchema, {
        results: ["One", "Two", "Three", "Four"].map((title, index) => ({
          path: index === 0 ? CARD : `/fragments/${title}.html`,
          title,
          excerpt: `${title} excerpt`,
        })),
      }),
    ),
  );
  const sent = recordRequests();
  const user = userEvent.setup();
  renderWithProviders(<Details />);
  return { user, sent };
}

describe("HelpSuggestions", () => {
  it("asks nothing below three words", () => {
    expect(suggestionQuestion("lost my")).toBe("");
    expect(suggestionQuestion("  lost   my card ")).toBe("lost my card");
    expect(suggestionQuestion("word ".repeat(100)).length).toBeLessThanOrEqual(200);
  });

  it("shows at most three matches once the member pauses, without taking focus", async () => {
    const { user, sent } = setup();
    const field = screen.getByLabelText("Query details");
    await user.type(field, "lost my");
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(sentKeys(sent)).toEqual([]);
    await user.type(field, " card");
    const region = await screen.findByRole("region", { name: SUGGESTIONS_TITLE }, { timeout: 2000 });
    expect(region.parentElement).toHaveAttribute("aria-live", "polite");
    expect(
      within(region)
        .getAllByRole("button")
        .map((button) => button.textContent),
    ).toEqual(["One", "Two", "Three"]);
    expect(sentKeys(sent)).toEqual(["GET /api/help/search?q=lost+my+card"]);
    expect(field).toHaveFocus();
    await user.click(within(region).getByRole("button", { name: "One" }));
    expect(await within(region).findByText("Phone the number on your card.")).toBeInTheDocument();
  });

  it("hides the matches when the details go below three words", async () => {
    const { user } = setup();
    const field = screen.getByLabelText("Query details");
    await user.type(field, "lost my card");
    await screen.findByRole("region", { name: SUGGESTIONS_TITLE }, { timeout: 2000 });
    await user.clear(field);
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(screen.queryByRole("region", { name: SUGGESTIONS_TITLE })).toBeNull();
  });
});
