import type { MessageDescriptor } from "@lingui/core";
import type { FileKind } from "@portal/domain";
import { fileKindWordsMessages as messages } from "./file-kind-words.messages";

/** What a screen reader hears for each kind of file, in place of its icon. */
export const FILE_KIND_WORDS: Readonly<Record<FileKind, MessageDescriptor>> = {
  image: messages.image,
  video: messages.video,
  audio: messages.audio,
  pdf: messages.pdf,
  compress: messages.compress,
  doc: messages.doc,
  xls: messages.xls,
  ppt: messages.ppt,
  application: messages.application,
};
