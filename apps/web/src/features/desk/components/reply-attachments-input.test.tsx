import { ERROR_MESSAGES } from "@portal/domain";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { ReplyAttachmentsInput } from "./reply-attachments-input";

const pdf = (name: string, size = 10) => new File([new Uint8Array(size)], name, { type: "application/pdf" });
const LABEL = "Files to send with the reply";

function Harness({ onChange }: { onChange: (files: File[]) => void }) {
  const [files, setFiles] = useState<File[]>([]);
  return (
    <ReplyAttachmentsInput
      files={files}
      onChange={(next) => {
        setFiles(next);
        onChange(next);
      }}
    />
  );
}

const listed = () =>
  within(screen.getByRole("list", { name: "Chosen attachments" }))
    .getAllByRole("listitem")
    .map((item) => item.textContent);

describe("ReplyAttachmentsInput", () => {
  it("lists the files chosen, each with a remove button, and hands the list up", async () => {
    const onChange = vi.fn<(files: File[]) => void>();
    const user = userEvent.setup();
    render(<Harness onChange={onChange} />);
    expect(screen.getByRole("group", { name: LABEL })).toBeInTheDocument();
    await user.upload(screen.getByLabelText(LABEL), [pdf("statement.pdf"), pdf("tariff.pdf")]);
    expect(listed()).toEqual([
      expect.stringContaining("statement.pdf"),
      expect.stringContaining("tariff.pdf"),
    ]);
    expect(onChange.mock.lastCall?.[0].map((file) => file.name)).toEqual(["statement.pdf", "tariff.pdf"]);

    await user.click(screen.getByRole("button", { name: "Remove statement.pdf" }));
    expect(listed()).toEqual([expect.stringContaining("tariff.pdf")]);
    expect(onChange.mock.lastCall?.[0].map((file) => file.name)).toEqual(["tariff.pdf"]);
  });

  it("refuses a file the member's rule refuses, with the specification's sentence", async () => {
    const onChange = vi.fn<(files: File[]) => void>();
    const user = userEvent.setup({ applyAccept: false });
    render(<Harness onChange={onChange} />);
    await user.upload(screen.getByLabelText(LABEL), [
      new File(["MZ"], "setup.exe", { type: "application/x-msdownload" }),
    ]);
    const alert = screen.getByRole("alert");
    expect(alert).toHaveTextContent("setup.exe was not added");
    expect(alert).toHaveTextContent(ERROR_MESSAGES.attachmentRule);
    expect(onChange).not.toHaveBeenCalled();
  });

  it("says the rule is broken when the files handed in break it", () => {
    render(<ReplyAttachmentsInput files={[pdf("huge.pdf", 11 * 1024 * 1024)]} onChange={() => undefined} />);
    expect(screen.getByRole("alert")).toHaveTextContent(ERROR_MESSAGES.attachmentRule);
  });
});
