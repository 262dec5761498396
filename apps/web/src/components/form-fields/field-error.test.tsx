import { VALIDATION_MESSAGES } from "@portal/domain";
import { render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { switchLanguage } from "../../i18n/language-choice";
import { FieldErrorText } from "./field-error";

afterEach(() => switchLanguage("en"));

describe("FieldErrorText", () => {
  it("says a schema's message verbatim in English, and in the member's language", async () => {
    const error = { type: "custom", message: VALIDATION_MESSAGES.email };
    const { rerender } = render(<FieldErrorText id="e" error={error} />);
    expect(screen.getByText(VALIDATION_MESSAGES.email)).toBeInTheDocument();
    await switchLanguage("zu");
    rerender(<FieldErrorText id="e" error={error} />);
    expect(screen.getByText("Sicela ufake ikheli le-imeyili elifanele")).toBeInTheDocument();
  });

  it("leaves a message the schemas do not have as it is", () => {
    render(<FieldErrorText id="e" error={{ type: "custom", message: "Enter an entity number" }} />);
    expect(screen.getByText("Enter an entity number")).toBeInTheDocument();
  });
});
