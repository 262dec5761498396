import { defineMessages } from "../../i18n/define-messages";

/** What a screen reader hears for each kind of file, in place of its icon. */
export const fileKindWordsMessages = defineMessages({
  image: { id: "fileKind.image", message: "Image" },
  video: { id: "fileKind.video", message: "Video" },
  audio: { id: "fileKind.audio", message: "Audio" },
  pdf: { id: "fileKind.pdf", message: "PDF document" },
  compress: { id: "fileKind.compress", message: "Compressed archive" },
  doc: { id: "fileKind.doc", message: "Text document" },
  xls: { id: "fileKind.xls", message: "Spreadsheet" },
  ppt: { id: "fileKind.ppt", message: "Presentation" },
  application: { id: "fileKind.application", message: "File" },
});
