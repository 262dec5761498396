import type { FileKind } from "@portal/domain";
import type { ReactNode } from "react";

// Each kind draws its own mark inside the same page outline (16 × 16, stroked in currentColor).
// Drawn here because the CSP allows no icon font.

/** The page every icon starts from: a sheet with its top right corner folded. */
export const PAGE_OUTLINE = "M3.5 1.5h6l3 3v10h-9zM9.5 1.5v3h3";

export const FILE_KIND_GLYPHS: Readonly<Record<FileKind, ReactNode>> = {
  // A sun over two hills.
  image: (
    <>
      <circle cx="6.5" cy="7.5" r="1" />
      <path d="M5 12.5l2.25-2.5 1.5 1.5 1.25-1.5 1 1.5" />
    </>
  ),
  // A play button.
  video: <path d="M6.5 7.5v5l4-2.5z" />,
  // A musical note.
  audio: (
    <>
      <path d="M7.5 12V7.5l3-1V11" />
      <circle cx="6.5" cy="12" r="1" />
      <circle cx="9.5" cy="11" r="1" />
    </>
  ),
  // The loop of the PDF reader's mark.
  pdf: <path d="M5.5 12.5c2-1.5 3-4 2.5-5.5-.5 1.5.5 4.5 3 4.5" />,
  // A zip fastener.
  compress: (
    <>
      <path d="M8 1.5v1.5M8 4v1.5M8 6.5V8" />
      <rect x="7" y="9" width="2" height="3" />
    </>
  ),
  // Lines of text.
  doc: <path d="M5.5 7.5h5M5.5 9.5h5M5.5 11.5h3.5" />,
  // A grid of cells.
  xls: <path d="M5.5 7.5h5v5h-5zM5.5 10h5M8 7.5v5" />,
  // A slide on its stand.
  ppt: (
    <>
      <rect x="5.5" y="7.5" width="5" height="3.5" />
      <path d="M8 11v1.5" />
    </>
  ),
  // A blank page: a file of no kind the portal knows.
  application: null,
};
