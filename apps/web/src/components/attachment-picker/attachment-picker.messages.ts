import { defineMessages } from "../../i18n/define-messages";

/** The attachment picker of the log-query and update forms (requirements §5, §8). */
export const attachmentPickerMessages = defineMessages({
  attachments: { id: "attachmentPicker.attachments", message: "Attachments" },
  chooseFiles: { id: "attachmentPicker.chooseFiles", message: "Choose files" },
  chosenCount: {
    id: "attachmentPicker.chosenCount",
    message: "{count, plural, =0 {No files chosen} one {# file chosen} other {# files chosen}}",
  },
  dropHint: {
    id: "attachmentPicker.dropHint",
    message: "Or drop files here. PDF, Word, TIFF, PNG or JPG, up to {max} in total.",
    comment: "max is the most all files together may be, as 10.0 MB",
  },
  alreadyChosen: {
    id: "attachmentPicker.alreadyChosen",
    message: "Already in the list: {fileNames}.",
    comment: "fileNames are the files' names, separated by commas",
  },
  chosenList: {
    id: "attachmentPicker.chosenList",
    message: "Chosen attachments",
    comment: "The list's name for screen readers",
  },
  removeFile: {
    id: "attachmentPicker.removeFile",
    message: "Remove {fileName}",
    comment: "The Remove button's name for screen readers",
  },
  remove: { id: "attachmentPicker.remove", message: "Remove" },
  used: {
    id: "attachmentPicker.used",
    message: "{used} of {max} used",
    comment: "used and max are sizes, as 1.5 MB and 10.0 MB",
  },
  refusedType: {
    id: "attachmentPicker.refusedType",
    message: "<0>{fileName}</0> was not added: this type of file can't be attached.",
    comment: "<0>…</0> shows the file's name in bold",
  },
  refusedTotal: {
    id: "attachmentPicker.refusedTotal",
    message: "<0>{fileName}</0> was not added: it would take your attachments over {max} in total.",
    comment: "<0>…</0> shows the file's name in bold; max is a size, as 10.0 MB",
  },
  rule: {
    id: "attachmentPicker.rule",
    message:
      "Please make sure your file is not larger than 10 MB and is either a TIFF, JPG, PNG, Doc, Docx, or PDF. Please try again",
    comment: "The specification's sentence has no final full stop",
  },
});
