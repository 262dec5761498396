import { MAX_ATTACHMENTS_TOTAL_BYTES } from "./limits.js";
import { ERROR_MESSAGES } from "./messages.js";

/** The multipart field every attached file travels in, repeated once per file (requirements §3, §7). */
export const ATTACHMENTS_FIELD = "files";

/**
 * Allowed attachment kinds (requirements §5): the extension and the MIME types it may be declared
 * as. The first type is the one the file is stored and served with.
 */
export const ALLOWED_ATTACHMENT_TYPES: readonly { extension: string; mimeTypes: readonly string[] }[] = [
  { extension: "doc", mimeTypes: ["application/msword"] },
  {
    extension: "docx",
    mimeTypes: ["application/vnd.openxmlformats-officedocument.wordprocessingml.document"],
  },
  { extension: "tif", mimeTypes: ["image/tiff"] },
  { extension: "tiff", mimeTypes: ["image/tiff"] },
  { extension: "png", mimeTypes: ["image/png"] },
  { extension: "jpg", mimeTypes: ["image/jpeg"] },
  { extension: "jpeg", mimeTypes: ["image/jpeg"] },
  { extension: "pdf", mimeTypes: ["application/pdf"] },
];

/** Value for <input type="file" accept>: the extensions and the MIME types. */
export const ATTACHMENT_ACCEPT = [
  ...ALLOWED_ATTACHMENT_TYPES.map((allowed) => `.${allowed.extension}`),
  ...new Set(ALLOWED_ATTACHMENT_TYPES.flatMap((allowed) => allowed.mimeTypes)),
].join(",");

// Browsers often send no type, or the generic one, for .doc and .tif files: then the extension decides.
const UNDECLARED_TYPES: readonly string[] = ["", "application/octet-stream"];

export interface AttachmentCandidate {
  name: string;
  size: number;
  type: string;
}

/** Lower-case text after the last dot of a file name; "" when there is none. */
export function fileExtension(name: string): string {
  const lastDot = name.lastIndexOf(".");
  return lastDot === -1 ? "" : name.slice(lastDot + 1).toLowerCase();
}

function allowedTypeOf(fileName: string) {
  return ALLOWED_ATTACHMENT_TYPES.find((entry) => entry.extension === fileExtension(fileName));
}

export function isAllowedAttachment(file: { name: string; type: string }): boolean {
  const allowed = allowedTypeOf(file.name);
  if (!allowed) return false;
  const declaredType = file.type.trim().toLowerCase();
  return UNDECLARED_TYPES.includes(declaredType) || allowed.mimeTypes.includes(declaredType);
}

/**
 * The type an attachment is stored and served with, from its extension: never what the browser
 * declared. undefined when the extension is not allowed.
 */
export function attachmentContentType(fileName: string): string | undefined {
  return allowedTypeOf(fileName)?.mimeTypes[0];
}

export function totalAttachmentBytes(files: readonly AttachmentCandidate[]): number {
  return files.reduce((total, file) => total + file.size, 0);
}

/** The spec's attachment message when any file breaks the rule, else null. */
export function attachmentRuleProblem(files: readonly AttachmentCandidate[]): string | null {
  const everyFileAllowed = files.every(isAllowedAttachment);
  const withinSizeLimit = totalAttachmentBytes(files) <= MAX_ATTACHMENTS_TOTAL_BYTES;
  return everyFileAllowed && withinSizeLimit ? null : ERROR_MESSAGES.attachmentRule;
}

const SIZE_UNITS = ["KB", "MB", "GB", "TB"] as const;

/** Human file size in base 1024: "512 B", "1.5 KB", "10.0 MB". */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) throw new RangeError(`Not a file size: ${bytes}`);
  if (bytes < 1024) return `${Math.round(bytes)} B`;
  let size = bytes / 1024;
  let unitIndex = 0;
  // Compare the rounded figure, so 1023.99 KB reads "1.0 MB" rather than "1024.0 KB".
  while (Number(size.toFixed(1)) >= 1024 && unitIndex < SIZE_UNITS.length - 1) {
    size /= 1024;
    unitIndex += 1;
  }
  return `${size.toFixed(1)} ${SIZE_UNITS[unitIndex]}`;
}
