import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderWithProviders } from "../../../testing/test-utils";
import { AccountHelpLinks } from "./account-help-links";

describe("AccountHelpLinks", () => {
  it("leads to registration and to a forgotten password", async () => {
    const user = userEvent.setup();
    renderWithProviders(<AccountHelpLinks />, { route: "/login", extraRoutes: ["/register"] });
    expect(screen.getByRole("link", { name: "Forgot your password?" })).toHaveAttribute(
      "href",
      "/forgot-password",
    );
    const register = screen.getByRole("link", { name: "Register" });
    expect(register).toHaveAttribute("href", "/register");
    await user.tab();
    expect(register).toHaveFocus();
    await user.keyboard("{Enter}");
    expect(await screen.findByText("Arrived at /register")).toBeInTheDocument();
  });
});
