import { ERROR_MESSAGES } from "@portal/domain";
import { fireEvent, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { AttachmentPicker } from "./attachment-picker";

function Harness({ initial = [] as File[] }) {
  const [files, setFiles] = useState<File[]>(initial);
  return <AttachmentPicker id="attachments" files={files} onChange={setFiles} />;
}

const pdf = (name: string, size: number) =>
  new File([new Uint8Array(size)], name, { type: "application/pdf" });
const MB = 1024 * 1024;
const chooseButton = () => screen.getByRole("button", { name: "Choose files" });
const chosenNames = () =>
  within(screen.getByRole("list", { name: "Chosen attachments" }))
    .getAllByRole("listitem")
    .map((item) => item.textContent?.replace(/^.*: /, "").replace(/ \(.*$/, ""));

describe("AttachmentPicker", () => {
  it("lists chosen files with their sizes and the running total, and removes them", async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.upload(screen.getByLabelText("Attachments"), [pdf("claim.pdf", 2048), pdf("slip.pdf", 1024)]);
    expect(screen.getByText("claim.pdf")).toBeInTheDocument();
    expect(screen.getByText("(2.0 KB)")).toBeInTheDocument();
    expect(screen.getByText("3.0 KB of 10.0 MB used")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Remove claim.pdf" }));
    expect(screen.queryByText("claim.pdf")).not.toBeInTheDocument();
    expect(screen.getByText("1.0 KB of 10.0 MB used")).toBeInTheDocument();
  });

  it("shows each chosen file's kind: an icon, and the kind in words for screen readers", async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.upload(screen.getByLabelText("Attachments"), [
      pdf("claim.pdf", 10),
      new File([new Uint8Array(10)], "scan.png", { type: "image/png" }),
      // No declared type: the extension decides.
      new File([new Uint8Array(10)], "letter.docx", { type: "" }),
    ]);
    const items = within(screen.getByRole("list", { name: "Chosen attachments" })).getAllByRole("listitem");
    expect(items.map((item) => item.querySelector("svg")?.getAttribute("data-file-kind"))).toEqual([
      "pdf",
      "image",
      "doc",
    ]);
    expect(items[0]).toHaveTextContent(/^PDF document: claim\.pdf \(10 B\)/);
    expect(items[1]).toHaveTextContent(/^Image: scan\.png/);
    expect(items[2]).toHaveTextContent(/^Text document: letter\.docx/);
    for (const item of items) expect(item.querySelector("svg")).toHaveAttribute("aria-hidden", "true");
  });

  it("refuses a file of another type, naming it, with the required sentence, and keeps the others", async () => {
    const user = userEvent.setup({ applyAccept: false });
    render(<Harness initial={[pdf("claim.pdf", 10)]} />);
    await user.upload(
      screen.getByLabelText("Attachments"),
      new File(["MZ"], "run.exe", { type: "application/x-msdownload" }),
    );
    const alert = screen.getByRole("alert");
    expect(alert).toHaveTextContent(
      `run.exe was not added: this type of file can't be attached.${ERROR_MESSAGES.attachmentRule}`,
    );
    expect(chosenNames()).toEqual(["claim.pdf"]);
    expect(screen.getByLabelText("Attachments")).toHaveAttribute("aria-invalid", "true");
    expect(chooseButton()).toHaveAccessibleDescription(expect.stringContaining("run.exe was not added"));
  });

  it("accepts exactly 10 MB in total and refuses one byte more, naming the file", async () => {
    const user = userEvent.setup();
    render(<Harness initial={[pdf("big.pdf", 10 * MB - 1)]} />);
    await user.upload(screen.getByLabelText("Attachments"), pdf("one-byte.pdf", 1));
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    expect(screen.getByText("10.0 MB of 10.0 MB used")).toBeInTheDocument();
    await user.upload(screen.getByLabelText("Attachments"), pdf("another-byte.pdf", 1));
    expect(screen.getByRole("alert")).toHaveTextContent(
      "another-byte.pdf was not added: it would take your attachments over 10.0 MB in total." +
        ERROR_MESSAGES.attachmentRule,
    );
    expect(chosenNames()).toEqual(["big.pdf", "one-byte.pdf"]);
  });

  it("never drops a file silently: of several chosen at once, adds those that fit and names the others", async () => {
    const user = userEvent.setup({ applyAccept: false });
    render(<Harness initial={[pdf("scan.pdf", 6 * MB)]} />);
    await user.upload(screen.getByLabelText("Attachments"), [
      pdf("statement.pdf", 5 * MB),
      new File(["x"], "notes.txt", { type: "text/plain" }),
      pdf("slip.pdf", 1 * MB),
    ]);
    // The 5 MB file would pass 10 MB; the 1 MB file after it still fits.
    expect(chosenNames()).toEqual(["scan.pdf", "slip.pdf"]);
    const alert = screen.getByRole("alert");
    expect(
      within(alert)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual([
      "statement.pdf was not added: it would take your attachments over 10.0 MB in total.",
      "notes.txt was not added: this type of file can't be attached.",
    ]);
    expect(alert).toHaveTextContent(ERROR_MESSAGES.attachmentRule);
    expect(screen.getByText("7.0 MB of 10.0 MB used")).toBeInTheDocument();
  });

  it("says when a file chosen again is already in the list, and attaches it once", async () => {
    const user = userEvent.setup();
    const claim = pdf("claim.pdf", 10);
    render(<Harness initial={[claim]} />);
    await user.upload(screen.getByLabelText("Attachments"), [claim, pdf("slip.pdf", 10)]);
    expect(chosenNames()).toEqual(["claim.pdf", "slip.pdf"]);
    expect(screen.getByRole("status")).toHaveTextContent("Already in the list: claim.pdf.");
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("clears the refusal once a file is removed or a good one is added", async () => {
    const user = userEvent.setup({ applyAccept: false });
    render(<Harness initial={[pdf("claim.pdf", 10)]} />);
    await user.upload(screen.getByLabelText("Attachments"), new File(["x"], "a.txt", { type: "text/plain" }));
    expect(screen.getByRole("alert")).toBeInTheDocument();
    await user.upload(screen.getByLabelText("Attachments"), pdf("slip.pdf", 10));
    expect(screen.queryByRole("alert")).toBeNull();
    await user.upload(screen.getByLabelText("Attachments"), new File(["x"], "b.txt", { type: "text/plain" }));
    await user.click(screen.getByRole("button", { name: "Remove slip.pdf" }));
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.getByLabelText("Attachments")).not.toHaveAttribute("aria-invalid");
  });

  it("says how many files are chosen beside its own button, never the browser's emptied control", async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const input = screen.getByLabelText("Attachments");
    // The browser's control is emptied after each choice, so it is hidden and kept out of the tab order.
    expect(input).toHaveClass("visually-hidden");
    expect(input).toHaveAttribute("tabindex", "-1");
    expect(input).toHaveAttribute("aria-hidden", "true");
    expect(screen.getByRole("group", { name: "Attachments" })).toContainElement(chooseButton());
    expect(chooseButton()).toHaveAccessibleDescription(
      "Or drop files here. PDF, Word, TIFF, PNG or JPG, up to 10.0 MB in total. No files chosen",
    );
    await user.upload(input, [pdf("claim.pdf", 10), pdf("slip.pdf", 10)]);
    expect(chooseButton()).toHaveAccessibleDescription(expect.stringMatching(/2 files chosen$/));
    expect(screen.getByText("2 files chosen")).toBeVisible();
    await user.click(screen.getByRole("button", { name: "Remove claim.pdf" }));
    expect(screen.getByText("1 file chosen")).toBeInTheDocument();
  });

  it("opens the browser's file chooser from its button, by keyboard too", async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const input = screen.getByLabelText("Attachments") as HTMLInputElement;
    let opened = 0;
    input.addEventListener("click", () => {
      opened += 1;
    });
    await user.tab();
    expect(chooseButton()).toHaveFocus();
    await user.keyboard("{Enter}");
    expect(opened).toBe(1);
  });

  it("takes files dropped on the drop zone", () => {
    render(<Harness />);
    fireEvent.drop(screen.getByTestId("attachments-drop-zone"), {
      dataTransfer: { files: [pdf("dropped.pdf", 5)] },
    });
    expect(screen.getByText("dropped.pdf")).toBeInTheDocument();
  });
});
