import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { switchLanguage } from "./language-choice";
import { LanguageControl } from "./language-control";

afterEach(async () => {
  await switchLanguage("en");
  window.localStorage.clear();
});

describe("LanguageControl", () => {
  it("offers each language by its own name, marked as written in it", () => {
    render(<LanguageControl />);
    const control = screen.getByRole("combobox", { name: "Language" });
    const options = [...control.querySelectorAll("option")].map((option) => [
      option.textContent,
      option.lang,
    ]);
    expect(options).toEqual([
      ["English", "en"],
      ["isiZulu", "zu"],
      ["Afrikaans", "af"],
    ]);
  });

  it("switches the page's language at once, its own label included", async () => {
    render(<LanguageControl />);
    await userEvent.selectOptions(screen.getByRole("combobox", { name: "Language" }), "zu");
    await waitFor(() => expect(screen.getByRole("combobox", { name: "Ulimi" })).toHaveValue("zu"));
    expect(document.documentElement.lang).toBe("zu");
  });
});
