import type { FileKind } from "@portal/domain";

/** What a screen reader hears for each kind of file, in place of its icon. */
export const FILE_KIND_WORDS: Readonly<Record<FileKind, string>> = {
  image: "Image",
  video: "Video",
  audio: "Audio",
  pdf: "PDF document",
  compress: "Compressed archive",
  doc: "Text document",
  xls: "Spreadsheet",
  ppt: "Presentation",
  application: "File",
};
