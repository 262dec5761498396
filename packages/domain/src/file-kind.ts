import { fileExtension } from "./attachments.js";

// Requirements §5 "File kind classification", used by the upload helper to pick an icon.

export type FileKind =
  | "image"
  | "video"
  | "audio"
  | "pdf"
  | "compress"
  | "doc"
  | "xls"
  | "ppt"
  | "application";

const PHOTOSHOP_MIME_TYPES = new Set([
  "image/vnd.adobe.photoshop",
  "application/x-photoshop",
  "application/photoshop",
  "application/psd",
  "image/psd",
]);

// The generic octet-stream is listed here on purpose (requirements §5, rule 4): it classifies as compress.
const ARCHIVE_MIME_TYPES = new Set([
  "application/x-tar",
  "application/x-gtar",
  "application/x-rar-compressed",
  "application/vnd.rar",
  "application/x-compress",
  "application/x-compressed",
  "application/octet-stream",
  "application/zip",
  "application/x-zip-compressed",
  "application/x-7z-compressed",
  "application/gzip",
]);

// Lower case: MIME types are case-insensitive, and inputs are lower-cased before lookup.
const WORD_MIME_TYPES = new Set([
  "application/msword",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.template",
  "application/vnd.ms-word.document.macroenabled.12",
  "application/vnd.ms-word.template.macroenabled.12",
]);

const EXCEL_MIME_TYPES = new Set([
  "application/vnd.ms-excel",
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  "application/vnd.openxmlformats-officedocument.spreadsheetml.template",
  "application/vnd.ms-excel.sheet.macroenabled.12",
  "application/vnd.ms-excel.template.macroenabled.12",
  "application/vnd.ms-excel.addin.macroenabled.12",
  "application/vnd.ms-excel.sheet.binary.macroenabled.12",
]);

const POWERPOINT_MIME_TYPES = new Set([
  "application/vnd.ms-powerpoint",
  "application/vnd.openxmlformats-officedocument.presentationml.presentation",
  "application/vnd.openxmlformats-officedocument.presentationml.template",
  "application/vnd.openxmlformats-officedocument.presentationml.slideshow",
  "application/vnd.ms-powerpoint.addin.macroenabled.12",
  "application/vnd.ms-powerpoint.presentation.macroenabled.12",
  "application/vnd.ms-powerpoint.template.macroenabled.12",
  "application/vnd.ms-powerpoint.slideshow.macroenabled.12",
]);

/** The spec's extension table, used only when the MIME type gave the generic "application". */
export const FILE_KIND_EXTENSIONS: Readonly<Record<Exclude<FileKind, "application">, readonly string[]>> = {
  image: [
    "jpg",
    "jpeg",
    "tif",
    "tiff",
    "psd",
    "bmp",
    "png",
    "nef",
    "cr2",
    "dwg",
    "cdr",
    "ai",
    "indd",
    "pin",
    "cdp",
    "skp",
    "stp",
    "3dm",
  ],
  audio: ["mp3", "wav", "wma", "mod", "m4a"],
  compress: ["compress", "zip", "rar", "7z", "lz", "z01"],
  pdf: ["pdf"],
  xls: ["xls", "xlsx", "ods"],
  video: ["mp4", "avi", "wmv", "mpg", "mts", "flv", "3gp", "vob", "m4v", "mpeg", "m2ts", "mov"],
  doc: ["doc", "docx", "eps", "txt", "odt", "rtf"],
  ppt: ["ppt", "pptx", "pps", "ppsx", "odp"],
};

const KIND_BY_EXTENSION = new Map<string, FileKind>(
  Object.entries(FILE_KIND_EXTENSIONS).flatMap(([kind, extensions]) =>
    extensions.map((extension) => [extension, kind as FileKind] as const),
  ),
);

/** Rules 1–5: the kind the MIME type alone gives. */
function kindFromMimeType(mimeType: string): FileKind {
  if (PHOTOSHOP_MIME_TYPES.has(mimeType) || mimeType.startsWith("image/")) return "image";
  if (mimeType.startsWith("video/")) return "video";
  if (mimeType.startsWith("audio/")) return "audio";
  if (mimeType === "application/pdf") return "pdf";
  if (ARCHIVE_MIME_TYPES.has(mimeType)) return "compress";
  if (WORD_MIME_TYPES.has(mimeType)) return "doc";
  if (EXCEL_MIME_TYPES.has(mimeType)) return "xls";
  if (POWERPOINT_MIME_TYPES.has(mimeType)) return "ppt";
  return "application";
}

/** Rule 6: the text after the last dot, case-insensitively; no dot or unknown stays "application". */
function kindFromFileName(fileName: string): FileKind {
  return KIND_BY_EXTENSION.get(fileExtension(fileName)) ?? "application";
}

export function classifyFileKind(mimeType: string, fileName: string): FileKind {
  const kind = kindFromMimeType(mimeType.trim().toLowerCase());
  return kind === "application" ? kindFromFileName(fileName) : kind;
}
