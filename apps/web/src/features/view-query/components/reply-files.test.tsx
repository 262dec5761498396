import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { bootstrapCss, rootVariables, ruleValue } from "../../../testing/compiled-styles";
import { ReplyFiles } from "./reply-files";

const files = [
  { attachmentId: 900001, fileName: "statement.pdf", contentType: "application/pdf", sizeBytes: 900 },
  {
    attachmentId: 900002,
    fileName: "letter.docx",
    contentType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    sizeBytes: 3 * 1024 * 1024,
  },
];

const rem = (value: string) => {
  const match = /^([\d.]+)rem/.exec(value);
  if (!match) throw new Error(`not in rem: ${value}`);
  return Number(match[1]) * 16;
};

describe("ReplyFiles", () => {
  it("is a titled list of download links, each with the file's kind, name and size", () => {
    render(<ReplyFiles files={files} hrefFor={(id) => `/files/${id}`} />);
    const region = screen.getByRole("region", { name: "Files sent with this reply" });
    const items = within(region).getAllByRole("listitem");
    expect(items).toHaveLength(2);
    const letter = within(region).getByRole("link", { name: "Text document: letter.docx (3.0 MB)" });
    expect(letter).toHaveAttribute("href", "/files/900002");
    expect(letter).toHaveAttribute("download");
    // The kind is said in words; its icon is decorative.
    expect(letter.querySelector("svg")).toHaveAttribute("aria-hidden", "true");
  });

  it("makes each link at least 24 px tall (WCAG 2.5.8): a block with p-2 around a line of text", () => {
    render(<ReplyFiles files={files} hrefFor={(id) => `/files/${id}`} />);
    const link = screen.getByRole("link", { name: /statement\.pdf/ });
    expect(link).toHaveClass("d-block", "p-2");
    const css = bootstrapCss();
    expect(ruleValue(css, ".d-block", "display")).toBe("block !important");
    const padding = rem(ruleValue(css, ".p-2", "padding"));
    const root = rootVariables();
    const line = rem(root.get("--bs-body-font-size") ?? "") * Number(root.get("--bs-body-line-height"));
    expect(line + 2 * padding).toBeGreaterThanOrEqual(24);
  });
});
