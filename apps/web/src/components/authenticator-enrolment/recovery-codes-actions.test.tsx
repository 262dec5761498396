import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AuthenticatorEnrolment } from "./authenticator-enrolment";
import { RECOVERY_CODES_FILE_NAME } from "./recovery-codes-actions";

const CODES = Array.from({ length: 10 }, (_, index) => `ABCDEFGH${String(index).padStart(2, "0")}`);

/** The enrolment up to its recovery codes, as a log-in's first step shows them. */
async function showCodes() {
  const user = userEvent.setup();
  render(
    <AuthenticatorEnrolment
      intro="Staff log-ins need a second step."
      start={async () => ({ secret: "JBSWY3DPEHPK3PXP", qrCode: "data:image/svg+xml;base64,PHN2Zy8+" })}
      confirm={async () => ({ recoveryCodes: CODES })}
      onSaved={() => {}}
      onRestart={() => {}}
    />,
  );
  await user.type(await screen.findByLabelText("Code from the app"), "123456");
  await user.click(screen.getByRole("button", { name: "Confirm" }));
  await screen.findByRole("list", { name: "Recovery codes" });
  return user;
}

afterEach(() => vi.restoreAllMocks());

describe("the recovery codes' Copy and Download", () => {
  it("copies the ten codes, one a line, and says Copied", async () => {
    const user = await showCodes();
    await user.click(screen.getByRole("button", { name: "Copy codes" }));
    expect(await screen.findByRole("status")).toHaveTextContent("Copied");
    expect(await navigator.clipboard.readText()).toBe(CODES.join("\n"));
  });

  it("selects the codes and says how to copy them when the browser refuses the clipboard", async () => {
    const user = await showCodes();
    vi.spyOn(navigator.clipboard, "writeText").mockRejectedValue(
      new DOMException("denied", "NotAllowedError"),
    );
    await user.click(screen.getByRole("button", { name: "Copy codes" }));
    expect(await screen.findByRole("status")).toHaveTextContent(/The codes are selected: press Ctrl\+C/);
    expect(window.getSelection()?.toString()).toContain(CODES[9]);
  });

  it("downloads a text file made in the browser: a blob: address, never the codes in a URL", async () => {
    const user = await showCodes();
    const blobs: Blob[] = [];
    // jsdom has no object URLs: these two stand in for the browser's.
    URL.createObjectURL = (blob: Blob) => {
      blobs.push(blob);
      return "blob:http://localhost/4b1d";
    };
    URL.revokeObjectURL = () => {};
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    await user.click(screen.getByRole("button", { name: "Download codes" }));
    expect(clicked).toHaveLength(1);
    expect(clicked[0]?.download).toBe(RECOVERY_CODES_FILE_NAME);
    expect(clicked[0]?.href).toBe("blob:http://localhost/4b1d");
    const text = await blobs[0]?.text();
    expect(text?.split("\n")).toEqual(expect.arrayContaining(CODES));
    expect(await screen.findByRole("status")).toHaveTextContent(`Downloaded as ${RECOVERY_CODES_FILE_NAME}`);
  });
});
