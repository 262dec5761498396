import type { FileKind } from "@portal/domain";
import { render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { FileKindIcon } from "./file-kind-icon";

/** One file name per kind; without a declared type the extension decides. */
const SAMPLES: Record<FileKind, string> = {
  image: "scan.jpg",
  video: "clip.mp4",
  audio: "note.mp3",
  pdf: "claim.pdf",
  compress: "bundle.zip",
  doc: "letter.docx",
  xls: "budget.xlsx",
  ppt: "slides.pptx",
  application: "unknown.bin",
};

function renderIcon(fileName: string, mimeType?: string) {
  const { container } = render(
    <p>
      <FileKindIcon fileName={fileName} mimeType={mimeType} />
      {fileName}
    </p>,
  );
  const icon = container.querySelector("svg");
  if (!icon) throw new Error("no icon");
  return { paragraph: container.querySelector("p") as HTMLElement, icon };
}

describe("FileKindIcon", () => {
  it("draws a different icon, and says a different word, for each kind", () => {
    const shown = Object.entries(SAMPLES).map(([kind, fileName]) => {
      const { paragraph, icon } = renderIcon(fileName);
      expect(icon).toHaveAttribute("data-file-kind", kind);
      return { drawing: icon.innerHTML, text: paragraph.textContent };
    });
    expect(new Set(shown.map((entry) => entry.drawing)).size).toBe(shown.length);
    expect(shown.map((entry) => entry.text)).toEqual([
      "Image: scan.jpg",
      "Video: clip.mp4",
      "Audio: note.mp3",
      "PDF document: claim.pdf",
      "Compressed archive: bundle.zip",
      "Text document: letter.docx",
      "Spreadsheet: budget.xlsx",
      "Presentation: slides.pptx",
      "File: unknown.bin",
    ]);
  });

  it("hides the icon from screen readers, which hear the word instead", () => {
    const { paragraph, icon } = renderIcon("claim.pdf");
    expect(icon).toHaveAttribute("aria-hidden", "true");
    expect(icon).toHaveAttribute("focusable", "false");
    expect(paragraph.querySelector(".visually-hidden")).toHaveTextContent("PDF document:");
  });

  it("goes by the declared type before the extension, as the classification says", () => {
    expect(renderIcon("scan.pdf", "image/png").icon).toHaveAttribute("data-file-kind", "image");
    expect(renderIcon("report.PDF", "").icon).toHaveAttribute("data-file-kind", "pdf");
  });
});
