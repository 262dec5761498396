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

  it("refuses a file of another type with the required sentence and keeps the others", async () => {
    const user = userEvent.setup({ applyAccept: false });
    render(<Harness initial={[pdf("claim.pdf", 10)]} />);
    await user.upload(
      screen.getByLabelText("Attachments"),
      new File(["MZ"], "run.exe", { type: "application/x-msdownload" }),
    );
    expect(screen.getByRole("alert")).toHaveTextContent(ERROR_MESSAGES.attachmentRule);
    expect(screen.queryByText("run.exe")).not.toBeInTheDocument();
    expect(screen.getByText("claim.pdf")).toBeInTheDocument();
    expect(screen.getByLabelText("Attachments")).toHaveAttribute("aria-invalid", "true");
  });

  it("accepts exactly 10 MB in total and refuses one byte more", async () => {
    const user = userEvent.setup();
    render(<Harness initial={[pdf("big.pdf", 10 * MB - 1)]} />);
    await user.upload(screen.getByLabelText("Attachments"), pdf("one-byte.pdf", 1));
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    expect(screen.getByText("10.0 MB of 10.0 MB used")).toBeInTheDocument();
    await user.upload(screen.getByLabelText("Attachments"), pdf("another-byte.pdf", 1));
    expect(screen.getByRole("alert")).toHaveTextContent(ERROR_MESSAGES.attachmentRule);
    expect(screen.queryByText("another-byte.pdf")).not.toBeInTheDocument();
  });

  it("takes files dropped on the drop zone", () => {
    render(<Harness />);
    fireEvent.drop(screen.getByTestId("attachments-drop-zone"), {
      dataTransfer: { files: [pdf("dropped.pdf", 5)] },
    });
    expect(screen.getByText("dropped.pdf")).toBeInTheDocument();
  });
});
