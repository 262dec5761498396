import { isAllowedAttachment, MAX_ATTACHMENTS_TOTAL_BYTES, totalAttachmentBytes } from "@portal/domain";

/** Why a chosen file was not added to the list. */
export type RefusalReason = "type" | "total";

export interface ChosenFilesOutcome {
  /** The list after this choice: what was there, then each new file that passed, in order. */
  files: File[];
  /** Each file that broke the attachment rule (requirements §5), with the rule it broke. */
  refused: { file: File; reason: RefusalReason }[];
  /** Files already in the list: attached once, and the member told so. */
  alreadyChosen: File[];
}

/** Name, size and date: the same file chosen twice (or dropped after being picked) is one file. */
export const fileKey = (file: File) => `${file.name}|${file.size}|${file.lastModified}`;

/**
 * Adds newly chosen files one by one, in the order given, so one bad file never costs the good
 * ones beside it: a file of another type is refused, and so is one that would take the total past
 * 10 MB (a smaller file after it may still fit).
 */
export function sortChosenFiles(current: readonly File[], incoming: readonly File[]): ChosenFilesOutcome {
  const files = [...current];
  const refused: ChosenFilesOutcome["refused"] = [];
  const alreadyChosen: File[] = [];
  for (const file of incoming) {
    if (files.some((chosen) => fileKey(chosen) === fileKey(file))) alreadyChosen.push(file);
    else if (!isAllowedAttachment(file)) refused.push({ file, reason: "type" });
    else if (totalAttachmentBytes(files) + file.size > MAX_ATTACHMENTS_TOTAL_BYTES)
      refused.push({ file, reason: "total" });
    else files.push(file);
  }
  return { files, refused, alreadyChosen };
}
