import { compileMessageOrThrow } from "@lingui/message-utils/compileMessage";
import { act, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { activateLanguage } from "../i18n/portal-i18n";
import { BootError } from "./boot-error";
import { errorScreensMessages } from "./error-screens.messages";

afterEach(() => activateLanguage("en"));

describe("BootError", () => {
  it("says the portal could not start, and in the member's language once its catalogue has come", () => {
    render(<BootError />);
    expect(screen.getByRole("alert")).toHaveTextContent(
      "The portal could not start. Please check your connection and try again.",
    );
    expect(screen.getByRole("button", { name: "Try again" })).toBeInTheDocument();
    act(() =>
      activateLanguage("zu", {
        [errorScreensMessages.bootFailed.id]: compileMessageOrThrow("Iphothali ayikwazanga ukuqala."),
      }),
    );
    expect(screen.getByRole("alert")).toHaveTextContent("Iphothali ayikwazanga ukuqala.");
  });
});
